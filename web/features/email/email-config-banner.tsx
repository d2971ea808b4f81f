import { useQuery } from "@tanstack/react-query";
import { emailConfigQuery } from "./api";

/** Spec §8: when the check itself fails, FROM_NAME and REPLY_TO are assumed missing. */
const ASSUMED_MISSING = ["FROM_NAME", "REPLY_TO"];

/**
 * 'Email Configuration Incomplete' with the missing variables, for the top of every admin screen.
 * Renders nothing while loading or when everything is set.
 */
export function EmailConfigBanner() {
  const query = useQuery(emailConfigQuery());
  if (query.isPending) return null;
  const missing = query.isError ? ASSUMED_MISSING : query.data.missing_vars;
  const errors = query.isError ? [] : (query.data.config_errors ?? []);
  const notices = query.isError ? [] : (query.data.config_notices ?? []);
  return (
    <>
      {errors.length > 0 ? <ConfigErrorBanner errors={errors} /> : null}
      {notices.length > 0 ? <ConfigNotices notices={notices} /> : null}
      {missing.length > 0 ? <MissingVarsBanner missing={missing} /> : null}
    </>
  );
}

/** A setting the deployment must not run with (outbox mail or an unknown ENVIRONMENT in production). */
function ConfigErrorBanner({ errors }: { errors: string[] }) {
  return (
    <div role="alert" className="border-b border-red-700/40 bg-red-100">
      <div className="mx-auto max-w-7xl px-4 py-3 text-ink sm:px-6 lg:px-8">
        <p className="font-semibold">Configuration Error</p>
        <ul className="text-sm">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Settings that are fine where they are (bot protection off in a local run): said quietly, not as an alert. */
function ConfigNotices({ notices }: { notices: string[] }) {
  return (
    <div className="border-b border-border bg-card">
      <ul className="mx-auto max-w-7xl px-4 py-2 text-sm text-ink sm:px-6 lg:px-8">
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
    </div>
  );
}

function MissingVarsBanner({ missing }: { missing: string[] }) {
  return (
    <div role="alert" className="border-b border-sun-600/40 bg-sun-300/40">
      <div className="mx-auto flex max-w-7xl flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 text-ink sm:px-6 lg:px-8">
        <p className="font-semibold">Email Configuration Incomplete</p>
        <p className="text-sm">
          Missing environment variables:{" "}
          {missing.map((name, i) => (
            <span key={name}>
              {i > 0 ? ", " : null}
              <code className="rounded bg-white/70 px-1.5 py-0.5 font-mono text-[0.85em]">{name}</code>
            </span>
          ))}
        </p>
      </div>
    </div>
  );
}
