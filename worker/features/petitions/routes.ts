import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { publicPetitionsQuerySchema } from "./schemas";
import { selectPublicPetitions } from "./selection";
import { readPetitions } from "./service";

/** GET /api/petitions?campaign=&topic=&limit= → { petitions } for the public 'Quick Wins' blocks. */
export const petitionsRoutes = createRouter().get("/", validate("query", publicPetitionsQuerySchema), async (c) => {
  const { campaign, topic, limit } = c.req.valid("query");
  const list = await readPetitions(c.var.db, c.env.KV);
  const petitions = selectPublicPetitions(list, { topic, limit, campaign: campaign || undefined });
  return c.json({ petitions });
});
