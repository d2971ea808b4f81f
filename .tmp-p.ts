import { readFileSync } from "node:fs";
import { parseIcsFeed } from "./worker/features/ingestion/adapters/ics";
import { eventTimes } from "./worker/features/ingestion/pipeline";
const src = { key: "t", name: "t", description: "", type: "ics" as const, url: "https://x", timeZone: "America/Los_Angeles", defaultCategory: "cleanup" };
const r = parseIcsFeed(readFileSync(process.argv[2], "utf8"), src, new Date("2030-03-01T12:00:00Z"));
for (const c of r.candidates) { const t = eventTimes(c, "America/Los_Angeles"); console.log(c.externalId, c.title, JSON.stringify(c.start), c.allDay, new Date(t.start).toISOString()); }
