import { z } from "zod";
import { LOCATION_SCOPES, PETITION_TOPICS, US_STATE_CODES, type UsState } from "./schemas";

/** The answers of the petition routes (decision 179): the document's schemas and the handlers' types. */

/** A stored petition: every field normalised, `id` always present, empty optionals omitted. */
export const storedPetitionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    url: z.string(),
    image_url: z.string().optional(),
    org_name: z.string(),
    topic: z.enum(PETITION_TOPICS),
    location_scope: z.enum(LOCATION_SCOPES),
    state: z.enum(US_STATE_CODES as [UsState, ...UsState[]]).optional(),
    verified: z.boolean(),
  })
  .meta({ id: "AdminPetition" });

/** A petition as the public block shows it. `link` is the url with the caller's UTM parameters. */
export const publicPetitionSchema = storedPetitionSchema
  .omit({ verified: true })
  .extend({ link: z.string() })
  .meta({
    id: "Petition",
    examples: [
      {
        id: "pet_51c0aa",
        title: "Protect the Tongass old-growth forest",
        url: "https://example.org/petitions/tongass",
        org_name: "Forest Alliance",
        topic: "forests",
        location_scope: "national",
        link: "https://example.org/petitions/tongass?utm_source=earthkind&utm_medium=referral",
      },
    ],
  });

export const publicPetitionsAnswer = z.object({ petitions: z.array(publicPetitionSchema) });

export const petitionListAnswer = z.object({ petitions: z.array(storedPetitionSchema) });
