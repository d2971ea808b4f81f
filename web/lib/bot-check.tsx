import { type ReactNode, useCallback, useContext, useRef } from "react";
import { BOT_CHECK_HEADER, type BotCheckAction } from "#contract/platform/bot-check-rules";
import { SiteContext } from "./site";

/**
 * Cloudflare Turnstile on a public form (decision 184), with its explicit-render API and no wrapper
 * package. The script loads on the person's first focus or input in the form, never with the page, and
 * only when the Worker handed the page a site key (bot protection on); otherwise every part of this is
 * inert and the form sends no header. The widget stays invisible unless Cloudflare wants an interaction.
 */

// The exact URL Cloudflare documents (proxying or caching api.js breaks it); the CSP allows the origin.
const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
/** How long a submit waits for a token that is still being made before sending without one. */
const TOKEN_WAIT_MS = 10_000;

type Turnstile = {
  render(container: HTMLElement, options: Record<string, unknown>): string | null | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

let loading: Promise<Turnstile> | null = null;

function loadTurnstile(): Promise<Turnstile> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile did not start")));
    script.onerror = () => {
      // A later focus tries again (a flaky network, a blocker switched off).
      loading = null;
      script.remove();
      reject(new Error("Turnstile could not load"));
    };
    document.head.append(script);
  });
  return loading;
}

export type BotCheck = {
  /** For the <form>: its first focus or input starts the widget. */
  formProps: { onFocus: () => void; onInput: () => void };
  /** The widget's place (null while bot protection is off); empty unless Cloudflare asks for a click. */
  widget: ReactNode;
  /** The header for the form's request: the token (waiting briefly for one still being made), or none. */
  headers: () => Promise<Record<string, string>>;
  /** After each request: a token is good for one, so the widget makes the next. */
  reset: () => void;
};

export function useBotCheck(action: BotCheckAction): BotCheck {
  const siteKey = useContext(SiteContext).turnstileSiteKey;
  const container = useRef<HTMLDivElement | null>(null);
  const widgetId = useRef<string | null>(null);
  const started = useRef(false);
  const token = useRef<string | null>(null);
  const waiting = useRef<((token: string) => void)[]>([]);

  const start = useCallback(() => {
    if (!siteKey || started.current) return;
    started.current = true;
    loadTurnstile()
      .then((turnstile) => {
        if (!container.current || widgetId.current) {
          started.current = Boolean(widgetId.current);
          return;
        }
        widgetId.current =
          turnstile.render(container.current, {
            sitekey: siteKey,
            action,
            appearance: "interaction-only",
            // The token travels in a header, not as a hidden form field.
            "response-field": false,
            callback: (value: string) => {
              token.current = value;
              for (const resolve of waiting.current.splice(0)) resolve(value);
            },
            "expired-callback": () => {
              token.current = null;
            },
            "error-callback": () => {
              token.current = null;
              // Handled: Turnstile retries by itself, and a submit without a token gets the server's message.
              return true;
            },
          }) ?? null;
      })
      .catch(() => {
        started.current = false;
      });
  }, [siteKey, action]);

  // A callback ref: when the form (and the widget's place) goes away, so does the widget.
  const place = useCallback((node: HTMLDivElement | null) => {
    container.current = node;
    if (node || !widgetId.current) return;
    window.turnstile?.remove(widgetId.current);
    widgetId.current = null;
    token.current = null;
    started.current = false;
  }, []);

  const headers = useCallback(async (): Promise<Record<string, string>> => {
    if (!siteKey) return {};
    start();
    const value =
      token.current ??
      (await new Promise<string | null>((resolve) => {
        const done = (found: string | null) => {
          clearTimeout(timer);
          waiting.current = waiting.current.filter((w) => w !== done);
          resolve(found);
        };
        const timer = setTimeout(() => done(null), TOKEN_WAIT_MS);
        waiting.current.push(done);
      }));
    return value ? { [BOT_CHECK_HEADER]: value } : {};
  }, [siteKey, start]);

  const reset = useCallback(() => {
    token.current = null;
    if (widgetId.current) window.turnstile?.reset(widgetId.current);
  }, []);

  return {
    formProps: { onFocus: start, onInput: start },
    widget: siteKey ? <div ref={place} data-bot-check={action} /> : null,
    headers,
    reset,
  };
}
