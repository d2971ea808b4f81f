import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { routePath } from "../../pages";

/** Shown after a magic link was sent (spec §2): 'Check your email!' with two ways on. */
export function CheckEmail({ email, onUseDifferentEmail }: { email: string; onUseDifferentEmail: () => void }) {
  return (
    <div className="text-center">
      <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-forest-100 text-forest-700">
        <svg className="size-7" viewBox="0 0 24 24" fill="none" aria-hidden="true">
          <path d="M3 6.5h18v11H3z" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="m3.5 7 8.5 6.5L20.5 7" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
      </span>
      <h1 className="mt-5 text-3xl font-semibold text-forest-900">Check your email!</h1>
      <p className="mt-3 text-muted-foreground">
        We sent a magic link to <span className="font-semibold text-foreground break-all">{email}</span>. Open it to
        sign in. The link works once and expires in 10 minutes.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button variant="outline" onClick={onUseDifferentEmail}>
          Use Different Email
        </Button>
        <Button asChild>
          <Link to={routePath("home")}>Continue Browsing</Link>
        </Button>
      </div>
    </div>
  );
}
