import type { FormEventHandler, ReactNode } from "react";
import { useT } from "../lib/i18n";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./ui/dialog";

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** A save is under way: the submit button waits. */
  busy: boolean;
  /** The dialog's width (default: the dialog's own). */
  className?: string;
  /** The form's fields. */
  children: ReactNode;
}

/** A dialog around one form: title and description, the fields, then Cancel and the submit button. */
export function FormDialog(props: FormDialogProps) {
  const { open, onOpenChange, title, description, onSubmit, submitLabel, busy, className, children } = props;
  const { t } = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {children}
          <DialogFooter>
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              {t("chrome.dialog.cancel")}
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
