import type { SharedPacer } from "./http";
import type { MailPacer } from "./pacer";

// Apart from the Durable Object's class, whose module imports the Workers runtime (`cloudflare:workers`): the mail
// providers need only a stub, and they are also loaded where that runtime is not (the OpenAPI document's build).

/** The pacer of one provider account: one object per name (the provider and its API origin). */
export function sharedPacer(namespace: DurableObjectNamespace<MailPacer>, name: string): SharedPacer {
  const stub = namespace.get(namespace.idFromName(name));
  return {
    slot: async (perSecond) => await stub.slot(perSecond),
    go: async (perSecond) => await stub.go(perSecond),
    rateLimited: async (seconds) => await stub.rateLimited(seconds),
  };
}
