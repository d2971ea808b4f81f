/**
 * What every weekly email contains, in the order the template renders it (templates/weekly.ts).
 * The welcome email and the home page's signup section show this list, so the promise and the
 * email cannot drift apart. Pure: the web bundle imports it.
 */
export const WEEKLY_EMAIL_CONTENTS = [
  "This week's action, with its steps and what you'll need",
  "Last week's impact: how many members did last week's action, with a couple of their notes",
  "One sustainable living tip, with a link to learn more",
  "Up to three verified petitions you can sign in a minute",
  "Upcoming events near your ZIP code, when you gave us one",
] as const;

export const WEEKLY_EMAIL_WHEN = "Every Monday at 9 a.m. your time";
