import { readFileSync } from "node:fs";
import { parseIcsFeed } from "./worker/features/ingestion/adapters/ics";
const src = { key: "t", name: "t", description: "", type: "ics" as const, url: "https://x", timeZone: "America/New_York", defaultCategory: "cleanup" };
for (const f of process.argv.slice(2)) { const r = parseIcsFeed(readFileSync(f, "utf8"), src, new Date("2030-03-01T12:00:00Z"));
for (const c of r.candidates) console.log(c.externalId.slice(-20), c.title, JSON.stringify(c.start), JSON.stringify(c.end), c.cancelled); }
