import { myDataExportSchema } from "#contract/auth/responses";
import { answer } from "../../platform/api-docs";
import type { ExportProducer } from "../exports/types";
import { exportMyData } from "./my-data";

/**
 * "Download my data" as a background export (decision 250): one step, a handful of queries, the same JSON
 * as the file the route used to answer with.
 */
export const myDataJsonExport: ExportProducer = {
  contentType: "application/json",
  extension: "json",
  async step({ db, job, now }) {
    const data = await exportMyData(db, job.userId, now);
    return { body: JSON.stringify(answer(myDataExportSchema, data)), rows: 1, cursor: null };
  },
};

export const myDataFilename = (now: Date) => `earthkind-my-data-${now.toISOString().slice(0, 10)}.json`;
