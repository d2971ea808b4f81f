import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type BotCheck, useBotCheck } from "../../web/lib/bot-check";
import { type Site, SiteContext } from "../../web/lib/site";

const site = (turnstileSiteKey: string | null): Site => ({
  origin: "https://earthkind.example",
  timeZone: "UTC",
  turnstileSiteKey,
  locale: "en",
});

/** A form with the hook; it hands what the hook returned to `seen`. */
function Form({ seen }: { seen: (check: BotCheck) => void }) {
  const check = useBotCheck("contact");
  seen(check);
  return (
    <form {...check.formProps}>
      {check.widget}
      <button type="submit">Send</button>
    </form>
  );
}

/** Renders the form server-side (as the Worker does) and hands back the markup and the hook's answer. */
function renderForm(siteKey: string | null) {
  const found: BotCheck[] = [];
  const html = renderToStaticMarkup(
    <SiteContext.Provider value={site(siteKey)}>
      <Form seen={(check) => found.push(check)} />
    </SiteContext.Provider>,
  );
  const check = found[0];
  if (!check) throw new Error("the form did not render");
  return { html, check };
}

describe("useBotCheck (decision 184)", () => {
  it("is inert without a site key: no widget, no script, no header", async () => {
    const { html, check } = renderForm(null);
    expect(html).toBe('<form><button type="submit">Send</button></form>');
    check.formProps.onFocus();
    expect(await check.headers()).toEqual({});
  });

  it("renders only the widget's empty place with a site key (the script waits for the first focus)", () => {
    const { html } = renderForm("1x00000000000000000000AA");
    expect(html).toBe('<form><div data-bot-check="contact"></div><button type="submit">Send</button></form>');
    expect(html).not.toContain("challenges.cloudflare.com");
  });
});
