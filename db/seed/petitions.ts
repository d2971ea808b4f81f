import type { LocationScope, PetitionTopic } from "#contract/petitions/schemas";

export type SeedPetition = {
  /** Stable so re-seeding and admin edits refer to the same item. */
  id: string;
  title: string;
  url: string;
  /** '' shows the default wildflower image; the admin form only accepts an absolute URL or ''. */
  image_url: string;
  org_name: string;
  topic: PetitionTopic;
  location_scope: LocationScope;
  state?: string;
  verified: boolean;
};

/** Stored, in this order, as the JSON value of the `petitions` settings row; the order is the display order. */
export const SEED_PETITIONS: SeedPetition[] = [
  {
    id: "7c1e4a52-3f0b-4d6a-9b8e-1a2c3d4e5f01",
    title: "Restore the Endangered Species Act",
    url: "https://earthjustice.org/action/restore-the-endangered-species-act",
    image_url: "",
    org_name: "Earthjustice",
    topic: "wildlife",
    location_scope: "national",
    verified: true,
  },
  {
    id: "2b8d6f14-9a3c-4e57-8d21-6f0a1b2c3d02",
    title: "Stop Single-Use Plastic from Polluting Our Oceans",
    url: "https://oceana.org/take-action/stop-plastic-pollution/",
    image_url: "",
    org_name: "Oceana",
    topic: "oceans",
    location_scope: "national",
    verified: true,
  },
  {
    id: "e4a9c037-5b1d-4f28-a6c3-8b9d0e1f2a03",
    title: "Protect Old-Growth Forests on Our Public Lands",
    url: "https://www.sierraclub.org/forests/protect-old-growth",
    image_url: "",
    org_name: "Sierra Club",
    topic: "forests",
    location_scope: "national",
    verified: true,
  },
  {
    id: "9f3b2e61-0c4a-4b7d-b852-3c4d5e6f7a04",
    title: "Keep Oil Drilling Out of the Arctic National Wildlife Refuge",
    url: "https://defenders.org/take-action/protect-arctic-refuge",
    image_url: "",
    org_name: "Defenders of Wildlife",
    topic: "lands",
    location_scope: "state",
    state: "AK",
    verified: true,
  },
  {
    id: "5d7e8f90-1a2b-4c3d-8e4f-5a6b7c8d9e05",
    title: "Cut Carbon Pollution from Power Plants",
    url: "https://www.nrdc.org/take-action/cut-carbon-pollution-power-plants",
    image_url: "",
    org_name: "NRDC",
    topic: "climate",
    location_scope: "national",
    verified: true,
  },
  {
    id: "a1b2c3d4-e5f6-4a7b-9c8d-0e1f2a3b4c06",
    title: "Protect the Boundary Waters from Sulfide-Ore Copper Mining",
    url: "https://www.savetheboundarywaters.org/take-action",
    image_url: "",
    org_name: "Campaign to Save the Boundary Waters",
    topic: "water",
    location_scope: "state",
    state: "MN",
    verified: true,
  },
  {
    id: "c8e7d6f5-4a3b-4c2d-a1e0-9f8e7d6c5b07",
    title: "Give Southern Resident Orcas Room to Recover",
    url: "https://www.biologicaldiversity.org/takeaction/southern-resident-orcas/",
    image_url: "",
    org_name: "Center for Biological Diversity",
    topic: "wildlife",
    location_scope: "state",
    state: "WA",
    verified: true,
  },
  {
    id: "3e4f5a6b-7c8d-4e9f-b0a1-2b3c4d5e6f08",
    title: "Protect Bees from Neonicotinoid Pesticides",
    url: "https://www.nrdc.org/take-action/protect-bees-neonic-pesticides",
    image_url: "",
    org_name: "NRDC",
    topic: "pollution",
    location_scope: "national",
    verified: true,
  },
  {
    id: "6a5b4c3d-2e1f-4a0b-8c9d-7e6f5a4b3c09",
    title: "Finish the Cleanup of the Lower Duwamish River",
    url: "https://www.drcc.org/take-action",
    image_url: "",
    org_name: "Duwamish River Community Coalition",
    topic: "water",
    location_scope: "local",
    state: "WA",
    verified: true,
  },
  {
    // The one draft: shows the admin list's 'Draft' badge and is hidden from the public site.
    id: "d0c9b8a7-6f5e-4d4c-9b3a-2f1e0d9c8b10",
    title: "Protect Florida's Manatees and Their Warm-Water Habitat",
    url: "https://www.savethemanatee.org/take-action/",
    image_url: "",
    org_name: "Save the Manatee Club",
    topic: "wildlife",
    location_scope: "state",
    state: "FL",
    verified: false,
  },
];
