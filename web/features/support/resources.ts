/**
 * The support page's resources (spec §2 "Eco-anxiety support"). Names, numbers and links are
 * the organisations' own; the descriptions are ours. Phone and text links use tel:/sms: so they
 * are one tap on a phone.
 */

export type Resource = {
  name: string;
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

export const CRISIS_LINES: Resource[] = [
  {
    name: "988 Suicide & Crisis Lifeline",
    description:
      "Free, confidential support 24/7 for anyone in emotional distress or crisis, by call or text anywhere in the US.",
    href: "tel:988",
    linkLabel: "Call 988",
    secondary: { href: "https://988lifeline.org", label: "988lifeline.org" },
  },
  {
    name: "Crisis Text Line",
    description: "Text with a trained crisis counselor, free and around the clock.",
    href: "sms:741741?&body=HOME",
    linkLabel: "Text HOME to 741741",
    secondary: { href: "https://www.crisistextline.org", label: "crisistextline.org" },
  },
  {
    name: "SAMHSA National Helpline",
    description:
      "Free, confidential treatment referral and information for mental health and substance use, 24/7, in English and Spanish.",
    href: "tel:18006624357",
    linkLabel: "Call 1-800-662-4357",
    secondary: {
      href: "https://www.samhsa.gov/find-help/helplines/national-helpline",
      label: "samhsa.gov",
    },
  },
];

export const RESOURCE_GROUPS: ResourceGroup[] = [
  {
    id: "professional-support",
    title: "Professional Support",
    intro:
      "Talking with a therapist who takes climate distress seriously can help. If you are in crisis, reach out now: the lines below answer day and night.",
    resources: [
      {
        name: "Climate-Aware Therapist Directory (Climate Psychology Alliance North America)",
        description:
          "Therapists and counselors across North America trained to work with climate and ecological distress.",
        href: "https://climatepsychology.us",
      },
      {
        name: "Climate Psychiatry Alliance",
        description:
          "Psychiatrists working on the mental health impacts of climate change, with a directory of climate-aware clinicians.",
        href: "https://www.climatepsychiatry.org",
      },
      {
        name: "Psychology Today Therapist Finder",
        description: "Search licensed therapists near you by ZIP code, insurance, specialty and approach.",
        href: "https://www.psychologytoday.com/us/therapists",
        linkLabel: "Find a therapist",
      },
    ],
  },
  {
    id: "climate-psychology-organizations",
    title: "Climate Psychology Organizations",
    intro: "Communities and programs that help people process climate feelings together and turn them into action.",
    resources: [
      {
        name: "Good Grief Network",
        description: "Peer-to-peer support groups built on a 10-step program for climate grief, anxiety and burnout.",
        href: "https://www.goodgriefnetwork.org",
      },
      {
        name: "Climate Psychology Alliance North America",
        description:
          "Psychologists, therapists and educators offering climate cafés, resources and community for climate distress.",
        href: "https://climatepsychology.us",
      },
      {
        name: "All We Can Save Project",
        description:
          "Free guides for 'circles': small groups that meet to read, reflect and find their place in climate work.",
        href: "https://www.allwecansave.earth",
      },
      {
        name: "Climate Mental Health Network",
        description: "Tools and toolkits on climate emotions for individuals, families, schools and communities.",
        href: "https://www.climatementalhealth.net",
      },
    ],
  },
  {
    id: "mindfulness-and-apps",
    title: "Mindfulness & Apps",
    intro:
      "A few quiet minutes a day can steady the nervous system. These apps offer guided meditations and breathing exercises.",
    resources: [
      {
        name: "Insight Timer",
        description: "A large free library of guided meditations, including many on nature, grief and uncertainty.",
        href: "https://insighttimer.com",
      },
      {
        name: "Headspace",
        description:
          "Guided meditation and breathing courses for stress, sleep and anxiety (subscription, with a free trial).",
        href: "https://www.headspace.com",
      },
      {
        name: "Healthy Minds Program",
        description:
          "A free meditation app from the nonprofit Healthy Minds Innovations, grounded in neuroscience research on well-being.",
        href: "https://hminnovations.org",
      },
    ],
  },
];

export type Book = { title: string; author: string; description: string };

export const BOOKS: Book[] = [
  {
    title: "Generation Dread: Finding Purpose in an Age of Climate Crisis",
    author: "Britt Wray",
    description:
      "A scientist's guide to the emotions of the climate crisis and how to live with purpose alongside them.",
  },
  {
    title: "A Field Guide to Climate Anxiety: How to Keep Your Cool on a Warming Planet",
    author: "Sarah Jaquette Ray",
    description: "A short, practical book on turning climate anxiety into sustainable engagement without burning out.",
  },
  {
    title: "All We Can Save: Truth, Courage, and Solutions for the Climate Crisis",
    author: "edited by Ayana Elizabeth Johnson and Katharine K. Wilkinson",
    description: "Essays and poems by women leading on climate, full of grounded hope and ways in.",
  },
  {
    title: "Active Hope",
    author: "Joanna Macy and Chris Johnstone",
    description: "A practice for facing hard truths about the world while finding the strength to act.",
  },
];

/** Each book links to a search at Bookshop.org, which supports independent bookstores. */
export const bookSearchUrl = (query: string) => `https://bookshop.org/search?keywords=${encodeURIComponent(query)}`;
export const BOOKSTORE_SEARCH_URL = bookSearchUrl("climate anxiety");

export const ARTICLES: Resource[] = [
  {
    name: "Climate anxiety in children and young people (The Lancet Planetary Health, 2021)",
    description:
      "A survey of 10,000 young people in ten countries: most were worried about climate change, and many felt let down by governments' responses.",
    href: "https://doi.org/10.1016/S2542-5196(21)00278-3",
    linkLabel: "Read the study",
  },
  {
    name: "Mental Health and Our Changing Climate (American Psychological Association and ecoAmerica)",
    description: "A report on how climate change affects mental health, who is most affected, and what helps.",
    href: "https://ecoamerica.org/mental-health-and-our-changing-climate-2021-edition/",
    linkLabel: "Read the report",
  },
  {
    name: "Yale Program on Climate Change Communication",
    description: "Research on how Americans think and feel about climate change, including the 'Six Americas' surveys.",
    href: "https://climatecommunication.yale.edu",
  },
];
