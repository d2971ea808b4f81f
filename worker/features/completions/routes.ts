import { requireUser } from "../../platform/auth-guard";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { isPublishedAction } from "../actions/service";
import { completionInputSchema } from "./schemas";
import { findCompletion, listCompletions, upsertCompletion } from "./service";

/** /api/me/completions — the signed-in member's own completions only. */
export const completionsRoutes = createRouter()
  .use(requireUser)
  .get("/", async (c) => {
    const completions = await listCompletions(c.var.db, c.var.user.id);
    return c.json({ completions });
  })
  // The card's "has this member completed this action?" check; null rather than 404 (not an error).
  .get("/:actionId", async (c) => {
    const completion = await findCompletion(c.var.db, c.var.user.id, c.req.param("actionId"));
    return c.json({ completion });
  })
  .put("/:actionId", validate("json", completionInputSchema), async (c) => {
    const actionId = c.req.param("actionId");
    if (!(await isPublishedAction(c.var.db, actionId))) throw notFound("Action not found");
    const completion = await upsertCompletion(c.var.db, c.var.user.id, actionId, c.req.valid("json"));
    return c.json({ completion });
  });
