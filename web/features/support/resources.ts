import type { useT } from "../../lib/i18n";

/**
 * The support page's resources (spec §2 "Eco-anxiety support"), in the page's language. Names, numbers and links
 * are the organisations' own; the descriptions are ours. Phone and text links use tel:/sms: so they are one tap on
 * a phone. Crisis lines say how to reach them in Spanish where they can be (988: press 2; Crisis Text Line: HOLA).
 */

type Translate = ReturnType<typeof useT>["t"];

export type Resource = {
  name: string;
  /** The name is the organisation's or the work's own English one: marked so on a page in another language. */
  nameInEnglish?: boolean;
  description: string;
  /** The main link: a website, or a tel:/sms: link for crisis lines. */
  href: string;
  /** The visible link text; defaults to "Visit {name}". */
  linkLabel?: string;
  /** A second way to reach the same service (e.g. its website beside the phone number). */
  secondary?: { href: string; label: string };
};

export type ResourceGroup = {
  id: string;
  title: string;
  intro: string;
  resources: Resource[];
};

const website = (t: Translate, href: string, site: string) => ({
  href,
  label: t("support.resources.website", { site }),
});

export const crisisLines = (t: Translate): Resource[] => [
  {
    name: t("support.lifeline.name"),
    description: t("support.lifeline.description"),
    href: "tel:988",
    linkLabel: t("support.lifeline.link"),
    secondary: website(t, "https://988lifeline.org", "988lifeline.org"),
  },
  {
    name: "Crisis Text Line",
    nameInEnglish: true,
    description: t("support.textLine.description"),
    // The word the line answers in the reader's language: HOME in English, HOLA in Spanish.
    href: `sms:741741?&body=${t("support.crisis.smsBody")}`,
    linkLabel: t("support.textLine.link"),
    secondary: website(t, "https://www.crisistextline.org", "crisistextline.org"),
  },
  {
    name: t("support.samhsa.name"),
    description: t("support.samhsa.description"),
    href: "tel:18006624357",
    linkLabel: t("support.samhsa.link"),
    secondary: website(t, "https://www.samhsa.gov/find-help/helplines/national-helpline", "samhsa.gov"),
  },
];

export const resourceGroups = (t: Translate): [ResourceGroup, ...ResourceGroup[]] => [
  {
    id: "professional-support",
    title: t("support.professional.title"),
    intro: t("support.professional.intro"),
    resources: [
      {
        name: "Climate-Aware Therapist Directory (Climate Psychology Alliance North America)",
        nameInEnglish: true,
        description: t("support.professional.cpaDirectory"),
        href: "https://climatepsychology.us",
      },
      {
        name: "Climate Psychiatry Alliance",
        nameInEnglish: true,
        description: t("support.professional.psychiatry"),
        href: "https://www.climatepsychiatry.org",
      },
      {
        name: "Psychology Today Therapist Finder",
        nameInEnglish: true,
        description: t("support.professional.psychologyToday"),
        href: "https://www.psychologytoday.com/us/therapists",
        linkLabel: t("support.resources.findTherapist"),
      },
    ],
  },
  {
    id: "climate-psychology-organizations",
    title: t("support.organizations.title"),
    intro: t("support.organizations.intro"),
    resources: [
      {
        name: "Good Grief Network",
        nameInEnglish: true,
        description: t("support.organizations.goodGrief"),
        href: "https://www.goodgriefnetwork.org",
      },
      {
        name: "Climate Psychology Alliance North America",
        nameInEnglish: true,
        description: t("support.organizations.cpa"),
        href: "https://climatepsychology.us",
      },
      {
        name: "All We Can Save Project",
        nameInEnglish: true,
        description: t("support.organizations.allWeCanSave"),
        href: "https://www.allwecansave.earth",
      },
      {
        name: "Climate Mental Health Network",
        nameInEnglish: true,
        description: t("support.organizations.mentalHealthNetwork"),
        href: "https://www.climatementalhealth.net",
      },
    ],
  },
  {
    id: "mindfulness-and-apps",
    title: t("support.apps.title"),
    intro: t("support.apps.intro"),
    resources: [
      {
        name: "Insight Timer",
        nameInEnglish: true,
        description: t("support.apps.insightTimer"),
        href: "https://insighttimer.com",
      },
      {
        name: "Headspace",
        nameInEnglish: true,
        description: t("support.apps.headspace"),
        href: "https://www.headspace.com",
      },
      {
        name: "Healthy Minds Program",
        nameInEnglish: true,
        description: t("support.apps.healthyMinds"),
        href: "https://hminnovations.org",
      },
    ],
  },
];

/** A book: its title is its own (English); the author line and the description are in the page's language. */
export type Book = { title: string; author: string; description: string };

export const books = (t: Translate): Book[] => [
  {
    title: "Generation Dread: Finding Purpose in an Age of Climate Crisis",
    author: t("support.research.by", { author: "Britt Wray" }),
    description: t("support.books.generationDread"),
  },
  {
    title: "A Field Guide to Climate Anxiety: How to Keep Your Cool on a Warming Planet",
    author: t("support.research.by", { author: "Sarah Jaquette Ray" }),
    description: t("support.books.fieldGuide"),
  },
  {
    title: "All We Can Save: Truth, Courage, and Solutions for the Climate Crisis",
    author: t("support.research.by", { author: t("support.books.allWeCanSaveAuthor") }),
    description: t("support.books.allWeCanSave"),
  },
  {
    title: "Active Hope",
    author: t("support.research.by", { author: t("support.books.activeHopeAuthor") }),
    description: t("support.books.activeHope"),
  },
];

/** Each book links to a search at Bookshop.org, which supports independent bookstores. */
export const bookSearchUrl = (query: string) => `https://bookshop.org/search?keywords=${encodeURIComponent(query)}`;
export const BOOKSTORE_SEARCH_URL = bookSearchUrl("climate anxiety");

export const articles = (t: Translate): Resource[] => [
  {
    name: "Climate anxiety in children and young people (The Lancet Planetary Health, 2021)",
    nameInEnglish: true,
    description: t("support.articles.lancet"),
    href: "https://doi.org/10.1016/S2542-5196(21)00278-3",
    linkLabel: t("support.articles.readStudy"),
  },
  {
    name: "Mental Health and Our Changing Climate (American Psychological Association and ecoAmerica)",
    nameInEnglish: true,
    description: t("support.articles.apa"),
    href: "https://ecoamerica.org/mental-health-and-our-changing-climate-2021-edition/",
    linkLabel: t("support.articles.readReport"),
  },
  {
    name: "Yale Program on Climate Change Communication",
    nameInEnglish: true,
    description: t("support.articles.yale"),
    href: "https://climatecommunication.yale.edu",
  },
];
