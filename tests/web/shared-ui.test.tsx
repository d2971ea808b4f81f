import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Checkbox } from "../../web/components/ui/checkbox";
import { DataTable } from "../../web/components/ui/data-table";
import { FormField } from "../../web/components/ui/form-field";
import { Input } from "../../web/components/ui/input";
import { errorText } from "../../web/lib/error-text";

/** The attributes of the first element matching `selector` (a tag name) in static markup. */
function attrs(html: string, tag: string, nth = 0) {
  const element = [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))][nth]?.[1] ?? "";
  return Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

describe("FormField", () => {
  it("labels the control and points it at its hint and error", () => {
    const html = renderToStaticMarkup(
      <FormField label="Email" hint="We never share it." error="Please enter a valid email">
        <Input type="email" />
      </FormField>,
    );
    const input = attrs(html, "input");
    expect(attrs(html, "label").for).toBe(input.id);
    expect(input["aria-invalid"]).toBe("true");
    expect(input["aria-describedby"]).toBe(`${input.id}-hint ${input.id}-error`);
    expect(html).toContain(
      `<p id="${input.id}-error" class="text-sm font-medium text-destructive">Please enter a valid email</p>`,
    );
    expect(html).toContain(`id="${input.id}-hint"`);
  });

  it("leaves a valid control alone, keeping what the control says itself", () => {
    const html = renderToStaticMarkup(
      <FormField label="Password">
        <Input type="password" aria-invalid />
      </FormField>,
    );
    const input = attrs(html, "input");
    expect(input["aria-invalid"]).toBe("true");
    expect(input).not.toHaveProperty("aria-describedby");
    expect(html).not.toContain("text-destructive");
  });

  it("hands the wiring to a control placed beside other things", () => {
    const html = renderToStaticMarkup(
      <FormField label="Image URL" id="image" error="Image URL must start with https://">
        {(control) => (
          <div>
            <Input {...control} />
            <button type="button">Upload Image</button>
          </div>
        )}
      </FormField>,
    );
    expect(attrs(html, "input")).toMatchObject({
      id: "image",
      "aria-invalid": "true",
      "aria-describedby": "image-error",
    });
    expect(attrs(html, "label").for).toBe("image");
  });
});

describe("DataTable", () => {
  const rows = [
    { id: "a", name: "Ada", sent: 3 },
    { id: "b", name: "Ben", sent: 12 },
  ];
  const columns = [
    { header: "Name", rowHeader: true, cell: (r: (typeof rows)[number]) => r.name },
    { header: "Sent", numeric: true, cell: (r: (typeof rows)[number]) => r.sent },
    { header: "Actions", hideHeader: true, cell: () => <button type="button">Remove</button> },
  ];

  it("captions the table, names its scrolling region and marks row and column headers", () => {
    const html = renderToStaticMarkup(<DataTable caption="Recipients" columns={columns} rows={rows} empty="None." />);
    expect(attrs(html, "section")).toMatchObject({ "aria-label": "Recipients", tabindex: "0" });
    expect(html).toContain('<caption class="sr-only">Recipients</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html.match(/<th scope="row"[^>]*>(Ada|Ben)<\/th>/g)).toHaveLength(2);
    expect(html).toContain('<span class="sr-only">Actions</span>');
    expect(html).toMatch(/<td class="[^"]*text-right tabular-nums[^"]*">12<\/td>/);
  });

  it("says so in words when there are no rows, and takes another region name and row key", () => {
    expect(renderToStaticMarkup(<DataTable caption="Recipients" columns={columns} rows={[]} empty="None." />)).toBe(
      '<p class="text-sm text-muted-foreground">None.</p>',
    );
    const waves = [{ zone: "America/New_York" }];
    const html = renderToStaticMarkup(
      <DataTable
        caption="Send waves"
        label="Send waves (Bees)"
        columns={[{ header: "Zone", cell: (w: (typeof waves)[number]) => w.zone }]}
        rows={waves}
        rowKey={(w) => w.zone}
        empty=""
      />,
    );
    expect(attrs(html, "section")["aria-label"]).toBe("Send waves (Bees)");
    expect(html).toContain('<caption class="sr-only">Send waves</caption>');
  });
});

describe("errorText", () => {
  it("is the error's own message, else the fallback", () => {
    expect(errorText(new Error("Slug is taken"))).toBe("Slug is taken");
    expect(errorText(new Error(""))).toBe("Please try again.");
    expect(errorText("boom")).toBe("Please try again.");
    expect(errorText(null, "Something went wrong")).toBe("Something went wrong");
    expect(errorText({ message: "not an Error" }, undefined)).toBeUndefined();
  });
});

describe("Checkbox", () => {
  it("is a native checkbox, so its role, label and keyboard come from the browser", () => {
    const html = renderToStaticMarkup(
      <>
        <Checkbox id="online" checked onCheckedChange={() => {}} aria-describedby="online-hint" />
        <label htmlFor="online">Include online events</label>
      </>,
    );
    const input = attrs(html, "input");
    expect(input).toMatchObject({ type: "checkbox", id: "online", "aria-describedby": "online-hint" });
    expect(html).toMatch(/<input[^>]* checked=""/);
    // The drawn tick is decoration: only the input is announced.
    expect(attrs(html, "svg")["aria-hidden"]).toBe("true");
  });
});
