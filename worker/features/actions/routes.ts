import { describeRoute } from "hono-openapi";
import { actionArchiveAnswer, currentActionAnswer, publicActionAnswer } from "#contract/actions/responses";
import { archiveQuerySchema } from "#contract/actions/schemas";
import { contentLanguageQuery } from "#contract/i18n/content-language";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { notFound } from "../../platform/errors";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { findCurrentAction, findPublishedBySlug, listPastActionsPage } from "./service";

/** Public reads: /api/actions (published actions only). */
export const actionsRoutes = createRouter()
  .get(
    "/current",
    describeRoute({
      summary: "Read this week's action, with its impact",
      responses: {
        200: jsonAnswer(
          currentActionAnswer,
          "The current action, else the most recent past one; null when no published action has started",
        ),
        400: errorAnswer("lang is not en or es"),
      },
    }),
    validate("query", contentLanguageQuery),
    async (c) => {
      const { lang } = c.req.valid("query");
      const action = await findCurrentAction(c.var.db, c.var.config.SITE_TIMEZONE, new Date(), lang);
      return c.json(answer(currentActionAnswer, { action }));
    },
  )
  .get(
    "/",
    describeRoute({
      summary: "Past actions (the archive), newest first, a page at a time",
      description:
        "Answers { actions, next_cursor }: at most `limit` (10) past published actions; next_cursor (null on " +
        "the last page) is sent back as `cursor` for the older ones. Decision 163.",
      responses: {
        200: jsonAnswer(actionArchiveAnswer, "A page of past actions and the cursor of the next one"),
        400: errorAnswer("Invalid query, or the cursor is not one this list gave out"),
      },
    }),
    validate("query", archiveQuerySchema),
    async (c) => {
      const { limit, cursor, lang } = c.req.valid("query");
      return c.json(
        answer(
          actionArchiveAnswer,
          await listPastActionsPage(c.var.db, c.var.config.SITE_TIMEZONE, new Date(), limit, cursor, lang),
        ),
      );
    },
  )
  .get(
    "/:slug",
    describeRoute({
      summary: "Read a published action by its slug, with its impact",
      responses: {
        200: jsonAnswer(publicActionAnswer, "The action, whatever its timing"),
        400: errorAnswer("lang is not en or es"),
        404: errorAnswer("No published action has this slug"),
      },
    }),
    validate("query", contentLanguageQuery),
    async (c) => {
      const { lang } = c.req.valid("query");
      const action = await findPublishedBySlug(
        c.var.db,
        c.var.config.SITE_TIMEZONE,
        new Date(),
        c.req.param("slug"),
        lang,
      );
      if (!action) throw notFound("Action not found");
      return c.json(answer(publicActionAnswer, { action }));
    },
  );
