import { useState } from "react";
import { Link } from "react-router-dom";
import { Button, type ButtonVariant } from "../components/ui/button";
import { toast } from "../components/ui/use-toast";
import { useAuth } from "../lib/auth/auth-provider";
import { cn } from "../lib/cn";
import { useT } from "../lib/i18n";
import { routePath } from "../pages";

interface AccountLinksProps {
  /** Button look for the surface it sits on (solid header, transparent header, mobile menu). */
  variant: ButtonVariant;
  className?: string;
  onNavigate?: () => void;
}

/**
 * The header's account area, used by the desktop bar and the mobile menu (spec §2): Sign In when
 * signed out; My Progress and Sign Out when signed in, and Admin for an admin (the role the access token carries;
 * /admin checks it again, decision 234). While the session is being restored it
 * keeps the space without showing either, so a signed-in reload does not flash "Sign In".
 */
export function AccountLinks({ variant, className, onNavigate }: AccountLinksProps) {
  const { user, role, loading, signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);
  const { t } = useT();

  if (loading) return <span aria-hidden="true" className={cn("inline-block h-9 w-24", className)} />;

  if (!user) {
    return (
      <Button asChild variant={variant} size="sm" className={className}>
        <Link to={routePath("auth")} onClick={onNavigate}>
          {t("chrome.account.signIn")}
        </Link>
      </Button>
    );
  }

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
      onNavigate?.();
      toast({ title: t("chrome.account.signedOut"), description: t("chrome.account.seeYou") });
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      {role === "admin" ? (
        <Button asChild variant={variant} size="sm" className={className ? "flex-1" : undefined}>
          <Link to={routePath("admin")} onClick={onNavigate}>
            {t("chrome.account.admin")}
          </Link>
        </Button>
      ) : null}
      <Button asChild variant={variant} size="sm" className={className ? "flex-1" : undefined}>
        <Link to={routePath("myProgress")} onClick={onNavigate}>
          {t("chrome.account.myProgress")}
        </Link>
      </Button>
      <Button
        variant={variant === "inverse" ? "outline-inverse" : variant === "header" ? "outline-header" : "outline"}
        size="sm"
        className={className ? "flex-1" : undefined}
        onClick={handleSignOut}
        disabled={signingOut}
      >
        {t("chrome.account.signOut")}
      </Button>
    </div>
  );
}
