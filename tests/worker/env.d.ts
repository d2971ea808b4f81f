declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    JWT_SECRET: string;
    MAIL_WEBHOOK_SECRET: string;
  }
  // Types `exports.default` from "cloudflare:workers" as our Worker's default export.
  interface GlobalProps {
    mainModule: typeof import("../../worker");
  }
}
