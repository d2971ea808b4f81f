import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router-dom";
import { deleteAccountFormSchema } from "#contract/auth/my-data-schemas";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { useAuth } from "../../lib/auth/auth-provider";
import { ExportProgress, useBackgroundExport } from "../../lib/background-export";
import { errorText } from "../../lib/error-text";
import { useT } from "../../lib/i18n";
import { useFormMessage } from "./form-messages";
import { myDataExportCalls } from "./my-data-api";

/** "Download my data" and "Delete my account", under the password form on My Progress. */
export function MyDataSection({ email }: { email: string }) {
  const exporter = useBackgroundExport(myDataExportCalls);
  const { t } = useT();

  return (
    <div className="mt-10 grid gap-8 border-t border-border pt-8">
      <div className="grid max-w-md gap-2">
        <h3 className="font-semibold text-forest-900">{t("account.data.title")}</h3>
        <p className="text-sm text-muted-foreground">{t("account.data.lead")}</p>
        <div>
          <Button
            variant="outline"
            onClick={() => void exporter.begin()}
            disabled={exporter.busy}
            aria-busy={exporter.busy}
          >
            {t("account.data.download")}
          </Button>
        </div>
        <ExportProgress state={exporter.state} label="your data" />
      </div>
      <DeleteAccountForm email={email} />
    </div>
  );
}

function DeleteAccountForm({ email }: { email: string }) {
  const id = useId();
  const navigate = useNavigate();
  const { deleteAccount } = useAuth();
  const { t } = useT();
  const formMessage = useFormMessage();
  const schema = useMemo(() => deleteAccountFormSchema(email), [email]);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ confirm_email: string }>({ resolver: zodResolver(schema), defaultValues: { confirm_email: "" } });

  const submit = handleSubmit(async ({ confirm_email }) => {
    setServerError(null);
    try {
      await deleteAccount(confirm_email);
      toast({ title: t("account.delete.done"), description: t("account.delete.doneBody") });
      navigate("/", { replace: true });
    } catch (err) {
      const message = errorText(err);
      setServerError(message);
      toast({ title: t("account.delete.failed"), description: message, variant: "destructive" });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid max-w-md gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold text-clay-700">
        {t("account.delete.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("account.delete.lead")}</p>
      <FormField label={t("account.delete.confirm")} error={formMessage(errors.confirm_email?.message)}>
        <Input type="email" autoComplete="off" {...register("confirm_email")} />
      </FormField>
      {serverError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverError}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="destructive" disabled={isSubmitting}>
          {isSubmitting ? t("account.delete.deleting") : t("account.delete.title")}
        </Button>
      </div>
    </form>
  );
}
