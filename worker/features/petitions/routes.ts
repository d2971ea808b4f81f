import { describeRoute } from "hono-openapi";
import { publicPetitionsAnswer } from "#contract/petitions/responses";
import { publicPetitionsQuerySchema } from "#contract/petitions/schemas";
import { answer, jsonAnswer } from "../../platform/api-docs";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { selectPublicPetitions } from "./selection";
import { readPetitions } from "./service";

/** GET /api/petitions?campaign=&topic=&limit= → { petitions } for the public 'Quick Wins' blocks. */
export const petitionsRoutes = createRouter().get(
  "/",
  describeRoute({
    summary: "List verified petitions for a Quick Wins block",
    responses: {
      200: jsonAnswer(
        publicPetitionsAnswer,
        "At most `limit` verified petitions, the `topic` first, each with its link carrying the UTM parameters",
      ),
    },
  }),
  validate("query", publicPetitionsQuerySchema),
  async (c) => {
    const { campaign, topic, limit } = c.req.valid("query");
    const list = await readPetitions(c.var.db, c.env.KV);
    const petitions = selectPublicPetitions(list, { topic, limit, campaign: campaign || undefined });
    return c.json(answer(publicPetitionsAnswer, { petitions }));
  },
);
