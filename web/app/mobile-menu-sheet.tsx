import type { RefObject } from "react";
import { Link, useLocation } from "react-router-dom";
import { Sheet, SheetContent, SheetTitle } from "../components/ui/sheet";
import { cn } from "../lib/cn";
import { useT } from "../lib/i18n";
import { routePath } from "../pages";
import { AccountLinks } from "./account-links";
import { LanguageSwitch } from "./language-switch";
import { Wordmark } from "./logo";
import { isNavItemActive, NAV_ITEMS } from "./nav-items";

interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: it is not a Radix Trigger (that would load this code eagerly), so focus is returned by hand. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The side menu: the header's links and account buttons. Radix traps focus and closes on Escape. */
export function MobileMenuSheet({ open, onOpenChange, returnFocusTo }: MobileMenuSheetProps) {
  const { pathname } = useLocation();
  const close = () => onOpenChange(false);
  const { t } = useT();

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby={undefined}
        closeLabel={t("chrome.menu.close")}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <div className="flex h-[var(--header-height)] items-center border-b border-border px-5">
          <Link to={routePath("home")} onClick={close} className="rounded-lg text-forest-900">
            <Wordmark />
          </Link>
        </div>
        <SheetTitle className="sr-only">{t("chrome.menu.title")}</SheetTitle>
        <nav aria-label={t("chrome.nav.mobile")} className="flex-1 overflow-y-auto px-3 py-5">
          <ul className="grid gap-1">
            {NAV_ITEMS.map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={close}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex items-center rounded-xl px-4 py-3 text-lg font-medium transition-colors",
                      active ? "bg-forest-100 text-forest-900" : "text-forest-800 hover:bg-sand-200",
                    )}
                  >
                    {active && <span aria-hidden="true" className="mr-3 size-2 rounded-full bg-forest-500" />}
                    {item.label(t)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="grid gap-3 border-t border-border p-5">
          <AccountLinks variant="primary" className="w-full" onNavigate={close} />
          {/* The header's switch is beside the menu button; inside the open menu it is covered, so it is here too. */}
          <LanguageSwitch className="justify-self-start text-forest-800 hover:bg-sand-200" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
