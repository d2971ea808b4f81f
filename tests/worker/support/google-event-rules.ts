/**
 * Google's Event structured-data rules, written from Search Central's "Event (Event) structured data" page
 * (developers.google.com/search/docs/appearance/structured-data/event), as an independent check of our markup:
 * no validator package covers them (decision 259). `errors` are what makes a page ineligible (a required property
 * missing or malformed); `warnings` are recommended properties that are missing or malformed, which Google's Rich
 * Results Test reports as "non-critical issues".
 *
 * Required: name; startDate (ISO 8601 date or date-time); location: a Place with an address (a PostalAddress) or,
 * for online events, a VirtualLocation with a url.
 * Recommended: description; endDate; eventAttendanceMode and eventStatus (their schema.org enumerations); image
 * (absolute URLs); offers {price, priceCurrency, availability, url, validFrom}; organizer {name, url}; performer
 * {name}; a Place's name and its PostalAddress's streetAddress, addressLocality, postalCode, addressRegion and
 * addressCountry.
 * Beyond Google's page, one rule of ours (issue 47): the address fields are split, so streetAddress never repeats
 * the locality, region or postal code.
 */

export type RuleReport = { errors: string[]; warnings: string[] };
type Json = Record<string, unknown>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?$/;
const WITH_OFFSET = /(?:Z|[+-]\d{2}:\d{2})$/;

const ATTENDANCE_MODES = ["Offline", "Online", "Mixed"].map((m) => `https://schema.org/${m}EventAttendanceMode`);
const EVENT_STATUSES = [
  "EventScheduled",
  "EventCancelled",
  "EventMovedOnline",
  "EventPostponed",
  "EventRescheduled",
].map((s) => `https://schema.org/${s}`);
const AVAILABILITIES = ["InStock", "SoldOut", "PreOrder", "OnlineOnly", "LimitedAvailability"].map(
  (a) => `https://schema.org/${a}`,
);

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): v is string => typeof v === "string" && v.trim().length > 0;
const isAbsoluteUrl = (v: unknown) => {
  if (!text(v)) return false;
  try {
    const u = new URL(v);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
};
const isDate = (v: unknown): v is string =>
  text(v) && (ISO_DATE.test(v) || ISO_DATE_TIME.test(v)) && !Number.isNaN(Date.parse(v));
const typeIs = (v: Json, ...types: string[]) => types.includes(String(v["@type"]));
/** A date-only value, or a date-time, as a comparable instant (a date at its start). */
const instant = (v: string) => Date.parse(ISO_DATE.test(v) ? `${v}T00:00:00Z` : v);

function checkDate(name: string, v: unknown, report: RuleReport, level: "errors" | "warnings") {
  if (v === undefined) {
    report[level].push(`${name} is missing`);
    return;
  }
  if (!isDate(v)) {
    report[level].push(`${name} is not an ISO 8601 date or date-time: ${JSON.stringify(v)}`);
    return;
  }
  if (!ISO_DATE.test(v) && !WITH_OFFSET.test(v)) report.warnings.push(`${name} has a time but no UTC offset`);
}

function checkAddress(address: unknown, report: RuleReport) {
  if (text(address)) return void report.warnings.push("location.address is a text, not a PostalAddress");
  if (!isObject(address) || !typeIs(address, "PostalAddress")) {
    return void report.errors.push("location.address is missing (a Place needs a PostalAddress)");
  }
  for (const field of ["streetAddress", "addressLocality", "postalCode", "addressRegion", "addressCountry"]) {
    if (address[field] !== undefined && !text(address[field])) report.errors.push(`location.address.${field} is empty`);
    else if (address[field] === undefined) report.warnings.push(`location.address.${field} is missing`);
  }
  const street = address.streetAddress;
  if (text(street)) {
    for (const field of ["addressLocality", "postalCode"]) {
      const part = address[field];
      if (text(part) && street.toLowerCase().includes(part.toLowerCase())) {
        report.errors.push(`location.address.streetAddress repeats the ${field} ("${street}")`);
      }
    }
    if (text(address.addressRegion) && new RegExp(`,\\s*${address.addressRegion}\\b`).test(street)) {
      report.errors.push(`location.address.streetAddress repeats the addressRegion ("${street}")`);
    }
  }
}

function checkLocation(e: Json, report: RuleReport) {
  const locations = Array.isArray(e.location) ? e.location : [e.location];
  if (e.location === undefined || locations.length === 0) return void report.errors.push("location is missing");
  for (const location of locations) {
    if (!isObject(location)) {
      report.errors.push("location is not a Place or VirtualLocation");
    } else if (typeIs(location, "VirtualLocation")) {
      if (!isAbsoluteUrl(location.url)) report.errors.push("location.url (VirtualLocation) is missing or not absolute");
    } else if (typeIs(location, "Place")) {
      if (!text(location.name)) report.warnings.push("location.name is missing");
      checkAddress(location.address, report);
    } else {
      report.errors.push(`location has the unknown @type ${String(location["@type"])}`);
    }
  }
  const online = locations.some((l) => isObject(l) && typeIs(l, "VirtualLocation"));
  const mode = e.eventAttendanceMode;
  if (mode === "https://schema.org/OnlineEventAttendanceMode" && !online) {
    report.errors.push("an online event needs a VirtualLocation");
  }
  if (mode === "https://schema.org/OfflineEventAttendanceMode" && online) {
    report.errors.push("an offline event has a VirtualLocation");
  }
}

function checkOffers(offers: unknown, report: RuleReport) {
  if (offers === undefined) return void report.warnings.push("offers is missing");
  for (const offer of Array.isArray(offers) ? offers : [offers]) {
    if (!isObject(offer) || !typeIs(offer, "Offer", "AggregateOffer")) {
      report.errors.push("offers is not an Offer");
      continue;
    }
    const price = offer.price;
    if (price === undefined) report.warnings.push("offers.price is missing");
    else if (!(typeof price === "number" ? price >= 0 : text(price) && /^\d+(\.\d+)?$/.test(price))) {
      report.errors.push(`offers.price is not a non-negative number: ${JSON.stringify(price)}`);
    }
    if (offer.priceCurrency === undefined) report.warnings.push("offers.priceCurrency is missing");
    else if (!/^[A-Z]{3}$/.test(String(offer.priceCurrency)))
      report.errors.push("offers.priceCurrency is not ISO 4217");
    if (offer.availability === undefined) report.warnings.push("offers.availability is missing");
    else if (!AVAILABILITIES.includes(String(offer.availability))) report.errors.push("offers.availability is unknown");
    if (offer.url === undefined) report.warnings.push("offers.url is missing");
    else if (!isAbsoluteUrl(offer.url)) report.errors.push("offers.url is not absolute");
    checkDate("offers.validFrom", offer.validFrom, report, "warnings");
  }
}

function checkParty(name: "organizer" | "performer", v: unknown, report: RuleReport) {
  if (v === undefined) return void report.warnings.push(`${name} is missing`);
  for (const party of Array.isArray(v) ? v : [v]) {
    if (!isObject(party) || !typeIs(party, "Organization", "Person", "PerformingGroup", "MusicGroup")) {
      report.errors.push(`${name} is not an Organization or Person`);
      continue;
    }
    if (!text(party.name)) report.errors.push(`${name}.name is missing`);
    if (name === "organizer") {
      if (party.url === undefined) report.warnings.push("organizer.url is missing");
      else if (!isAbsoluteUrl(party.url)) report.errors.push("organizer.url is not absolute");
    }
  }
}

/** Checks one JSON-LD object against the rules; an empty `errors` means the event is eligible. */
export function checkGoogleEvent(e: Json): RuleReport {
  const report: RuleReport = { errors: [], warnings: [] };
  if (!String(e["@type"] ?? "").endsWith("Event")) report.errors.push("@type is not Event");
  if (!text(e.name)) report.errors.push("name is missing");
  checkDate("startDate", e.startDate, report, "errors");
  checkLocation(e, report);
  if (!text(e.description)) report.warnings.push("description is missing");
  checkDate("endDate", e.endDate, report, "warnings");
  if (isDate(e.startDate) && isDate(e.endDate) && instant(e.endDate) < instant(e.startDate)) {
    report.errors.push("endDate is before startDate");
  }
  if (e.eventAttendanceMode === undefined) report.warnings.push("eventAttendanceMode is missing");
  else if (!ATTENDANCE_MODES.includes(String(e.eventAttendanceMode)))
    report.errors.push("eventAttendanceMode is unknown");
  if (e.eventStatus === undefined) report.warnings.push("eventStatus is missing");
  else if (!EVENT_STATUSES.includes(String(e.eventStatus))) report.errors.push("eventStatus is unknown");
  const images = e.image === undefined ? [] : Array.isArray(e.image) ? e.image : [e.image];
  if (!images.length) report.warnings.push("image is missing");
  for (const image of images) {
    const url = isObject(image) ? image.url : image;
    if (!isAbsoluteUrl(url)) report.errors.push(`image is not an absolute URL: ${JSON.stringify(url)}`);
  }
  checkOffers(e.offers, report);
  checkParty("organizer", e.organizer, report);
  checkParty("performer", e.performer, report);
  return report;
}
