import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { answer, errorAnswer, jsonAnswer } from "../../platform/api-docs";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { acknowledgeAlert, listAlerts } from "./alerts";
import { acknowledgedAlertAnswer, alertsAnswer, systemStatusAnswer } from "./responses";
import { readSystemStatus } from "./status";

const alertsQuery = z.object({ status: z.enum(["open", "all"]).default("open") });

// Mounted at /api/admin behind the one admin guard in worker/app.ts.
export const operationsAdminRoutes = createRouter()
  .get(
    "/alerts",
    describeRoute({
      summary: "List operational alerts: open ones, newest first (all: then the latest acknowledged)",
      responses: { 200: jsonAnswer(alertsAnswer, "The alerts") },
    }),
    validate("query", alertsQuery),
    async (c) => {
      const { status } = c.req.valid("query");
      return c.json(
        answer(alertsAnswer, { alerts: await listAlerts(c.var.db, { includeAcknowledged: status === "all" }) }),
      );
    },
  )
  .post(
    "/alerts/:id/acknowledge",
    describeRoute({
      summary: "Acknowledge an alert (again: keeps the first acknowledgement)",
      responses: {
        200: jsonAnswer(acknowledgedAlertAnswer, "The alert, acknowledged"),
        404: errorAnswer("No alert has this id"),
      },
    }),
    async (c) =>
      c.json(
        answer(acknowledgedAlertAnswer, {
          alert: await acknowledgeAlert(c.var.db, c.req.param("id"), c.var.user.id, new Date()),
        }),
      ),
  )
  .get(
    "/status",
    describeRoute({
      summary: "Read the system status: build, last cron tick, weekly send, backlog, sources and open alerts",
      responses: { 200: jsonAnswer(systemStatusAnswer, "What the app itself can see of its health") },
    }),
    async (c) => c.json(answer(systemStatusAnswer, await readSystemStatus(c.var.db))),
  );
