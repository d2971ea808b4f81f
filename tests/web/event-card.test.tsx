import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { EventResult } from "../../web/features/events/api";
import { EventCard } from "../../web/features/events/event-card";
import { shownImageUrl } from "../../web/features/events/event-image";
import { lastConfirmedText } from "../../web/features/events/format";
import { eventText, InLocale } from "./support/event-text";

const en = eventText("en");

const event = (overrides: Partial<EventResult> = {}): EventResult => ({
  id: "e1",
  title: "Saturday tree planting",
  description: null,
  venue_name: "Prospect Park",
  category: "forest_restoration",
  city: "Brooklyn",
  state: "NY",
  start_time: "2030-03-10T05:00:00.000Z",
  end_time: "2030-03-11T05:00:00.000Z",
  all_day: true,
  end_time_unknown: false,
  time_zone: "America/New_York",
  registration_url: "https://example.org/plant",
  image_url: null,
  is_virtual: false,
  distance_miles: 2,
  is_fallback: false,
  url: "https://earthkind.test/events/e1-saturday-tree-planting",
  cancelled: false,
  last_confirmed_at: "2030-03-05T18:00:00.000Z",
  ...overrides,
});

describe("an event card's trust signals (issue 28 item 4)", () => {
  it("shows when the source last confirmed the event", () => {
    const html = renderToStaticMarkup(
      <InLocale locale="en">
        <MemoryRouter>
          <EventCard event={event()} />
        </MemoryRouter>
      </InLocale>,
    );
    expect(html).toContain("Last confirmed Mar 5, 2030");
    expect(html).not.toContain("Cancelled");
    expect(html).toContain("Register");
  });

  it("marks a cancelled event with a badge and offers no registration", () => {
    const html = renderToStaticMarkup(
      <InLocale locale="en">
        <MemoryRouter>
          <EventCard event={event({ cancelled: true })} />
        </MemoryRouter>
      </InLocale>,
    );
    expect(html).toContain(">Cancelled</span>");
    expect(html).not.toContain("Register");
    expect(html).toContain("Add to calendar");
  });

  it("dates the confirmation in the site's zone, and says nothing without one", () => {
    expect(lastConfirmedText(en, "2030-03-06T03:00:00.000Z", "America/Los_Angeles")).toBe("Last confirmed Mar 5, 2030");
    expect(lastConfirmedText(en, null, "America/Los_Angeles")).toBeNull();
    expect(lastConfirmedText(en, "not a date", "America/Los_Angeles")).toBeNull();
  });
});

describe("card pictures come from our origin only (issue 28 item 5)", () => {
  it("shows a stored picture and never a third-party address", () => {
    expect(shownImageUrl(`/media/events/${"a".repeat(64)}.jpg`)).toBe(`/media/events/${"a".repeat(64)}.jpg`);
    expect(shownImageUrl("https://cdn.example.org/picture.jpg")).toBeNull();
    expect(shownImageUrl("http://cdn.example.org/picture.jpg")).toBeNull();
    expect(shownImageUrl("//cdn.example.org/media/events/x.jpg")).toBeNull();
    expect(shownImageUrl(null)).toBeNull();
  });
});
