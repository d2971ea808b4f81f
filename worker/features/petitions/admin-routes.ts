import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { petitionListSchema } from "./schemas";
import { readPetitions, savePetitions } from "./service";

/**
 * /api/admin/petitions (behind the one admin guard): read and save the whole ordered list. Add,
 * edit, delete and reorder all save the full list (spec §7 "settings").
 */
export const petitionsAdminRoutes = createRouter()
  .get("/", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ petitions: await readPetitions(c.var.db, c.env.KV) });
  })
  .put("/", validate("json", petitionListSchema), async (c) => {
    const petitions = await savePetitions(c.var.db, c.env.KV, c.req.valid("json"));
    return c.json({ petitions });
  });
