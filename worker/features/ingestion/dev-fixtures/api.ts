import type { SourceConfig } from "../types";
import { dayFrom, fixturePicture } from "./places";

/** One page of the NPS events API, shaped like the real one (strings for numbers and booleans). */
export function npsFixture(pageNumber: number, now: Date, siteOrigin: string): unknown {
  const zone = "America/Los_Angeles";
  const day = (n: number) => dayFrom(now, zone, n);
  const data =
    pageNumber === 1
      ? [
          {
            id: "FIX-GOGA-1",
            title: "Habitat Restoration at Crissy Field",
            description:
              "<p>Help the <strong>Golden Gate National Parks Conservancy</strong> remove invasive plants.</p>",
            location: "Crissy Field Center",
            latitude: "37.8039",
            longitude: "-122.4660",
            parkfullname: "Golden Gate National Recreation Area",
            dates: [day(2), day(9)],
            date: day(2),
            times: [{ timestart: "09:00 AM", timeend: "12:00 PM", sunrisestart: "false", sunsetend: "false" }],
            isallday: "false",
            regresurl: "",
            infourl: "https://www.nps.gov/goga/planyourvisit/volunteer.htm",
            types: ["Volunteer Event"],
            tags: ["restoration"],
            images: [{ url: fixturePicture(siteOrigin, 1) }],
          },
          {
            id: "FIX-MUWO-1",
            title: "Ranger Talk: Redwood Ecology",
            description: "<p>A short walk and talk about coast redwoods.</p>",
            location: "Muir Woods Visitor Center",
            latitude: "37.8920",
            longitude: "-122.5720",
            parkfullname: "Muir Woods National Monument",
            dates: [day(4)],
            times: [{ timestart: "11:00 AM", timeend: "11:45 AM" }],
            isallday: "false",
            types: ["Talk"],
            images: [],
          },
          {
            id: "FIX-OLYM-1",
            title: "National Public Lands Day",
            description: "<p>Fee-free day with volunteer projects across the park.</p>",
            location: "Hoh Rain Forest",
            latitude: "47.8609",
            longitude: "-123.9348",
            parkfullname: "Olympic National Park",
            dates: [day(6)],
            times: [],
            isallday: "true",
            types: ["Volunteer Event"],
            images: [],
          },
        ]
      : [];
  return { total: "3", limit: "50", start: String((pageNumber - 1) * 50), data };
}

/** A Firecrawl v2 scrape answer with JSON extraction. */
export function firecrawlFixture(source: SourceConfig, now: Date): unknown {
  const zone = source.timeZone;
  const day = (n: number) => dayFrom(now, zone, n);
  return {
    success: true,
    data: {
      json: {
        events: [
          {
            title: "Great Global Cleanup: Hudson River",
            start: `${day(3)}T10:00:00-04:00`,
            location: "Pier 84, New York, NY 10036",
            url: "https://www.earthday.org/events/hudson-cleanup",
            description: "Shoreline cleanup with EARTHDAY.ORG volunteers.",
          },
          {
            title: "Climate Literacy Webinar",
            start: `${day(7)}T19:00:00-04:00`,
            location: "Online",
            url: "https://www.earthday.org/events/climate-literacy",
          },
          { title: "Tree Planting Day", start: "sometime soon", location: "Denver, CO 80202" },
        ],
      },
      metadata: { sourceURL: source.url, statusCode: 200 },
    },
  };
}
