import { z } from "zod";
import { createRouter } from "../../platform/hono";
import { validate } from "../../platform/validate";
import { acknowledgeAlert, listAlerts } from "./alerts";
import { readSystemStatus } from "./status";

const alertsQuery = z.object({ status: z.enum(["open", "all"]).default("open") });

// Mounted at /api/admin behind the one admin guard in worker/app.ts.
export const operationsAdminRoutes = createRouter()
  .get("/alerts", validate("query", alertsQuery), async (c) => {
    const { status } = c.req.valid("query");
    return c.json({ alerts: await listAlerts(c.var.db, { includeAcknowledged: status === "all" }) });
  })
  .post("/alerts/:id/acknowledge", async (c) =>
    c.json({ alert: await acknowledgeAlert(c.var.db, c.req.param("id"), c.var.user.id, new Date()) }),
  )
  .get("/status", async (c) => c.json(await readSystemStatus(c.var.db)));
