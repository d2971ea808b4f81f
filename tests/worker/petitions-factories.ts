import type { PetitionFormValues } from "../../worker/features/petitions/schemas";

let n = 0;

/** A valid petition for the admin API; override any field. */
export function petition(overrides: Partial<PetitionFormValues> = {}): PetitionFormValues {
  n += 1;
  return {
    title: `Protect the wetlands ${n}`,
    url: `https://petitions.example.org/wetlands-${n}`,
    org_name: "River Keepers",
    topic: "water",
    location_scope: "national",
    verified: true,
    ...overrides,
  };
}
