import { afterEach, describe, expect, it, vi } from "vitest";
import { api, read } from "../../web/lib/api";

const OLD = "00000001-00000002-00000003-00000000000000000000000000000004";
const NEW = "00000001-00000002-00000009-00000000000000000000000000000004";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Stubs the network: each call's X-D1-Bookmark is recorded, and answered with the next scripted reply. */
function stubNetwork(replies: { status?: number; bookmark?: string; code?: string }[]) {
  const sent: (string | null)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get("X-D1-Bookmark"));
      const { status = 200, bookmark, code } = replies.shift() ?? {};
      const body = code ? { error: { code, message: "Invalid X-D1-Bookmark header" } } : { ok: true };
      const headers = new Headers({ "Content-Type": "application/json" });
      if (bookmark) headers.set("X-D1-Bookmark", bookmark);
      return new Response(JSON.stringify(body), { status, headers });
    }),
  );
  return sent;
}

describe("the API client's D1 bookmark (decision 188)", () => {
  it("sends back the newest bookmark it was answered with, never an older one", async () => {
    const sent = stubNetwork([{ bookmark: NEW }, { bookmark: OLD }, {}]);
    await read(api.api.impact.$get());
    await read(api.api.impact.$get());
    await read(api.api.impact.$get());
    expect(sent).toEqual([null, NEW, NEW]);
  });

  // Continues from the test above: the client still holds NEW.
  it("drops a bookmark the Worker refuses and makes the call once more without it", async () => {
    const sent = stubNetwork([{ status: 400, code: "invalid_bookmark" }, { bookmark: OLD }, {}]);
    expect(await read(api.api.impact.$get())).toEqual({ ok: true });
    await read(api.api.impact.$get());
    expect(sent).toEqual([NEW, null, OLD]);
  });
});
