import { Link } from "react-router-dom";
import { routePath } from "../../worker/features/spa/route-table";
import { Button, type ButtonVariant } from "../components/ui/button";

interface AccountLinksProps {
  /** Button look for the surface it sits on (solid header, transparent header, mobile menu). */
  variant: ButtonVariant;
  className?: string;
  onNavigate?: () => void;
}

/**
 * The header's account area, used by the desktop bar and the mobile menu. Signed out it is the
 * Sign In button (spec §2); the auth feature replaces this body with My Progress and Sign Out for
 * signed-in users, so the header itself need not change.
 */
export function AccountLinks({ variant, className, onNavigate }: AccountLinksProps) {
  return (
    <Button asChild variant={variant} size="sm" className={className}>
      <Link to={routePath("auth")} onClick={onNavigate}>
        Sign In
      </Link>
    </Button>
  );
}
