import { read, signedInApi } from "../../lib/api";
import type { ExportCalls } from "../../lib/background-export";
import { readFile } from "../../lib/file-download";

const exports = signedInApi.api.me.exports;

/** "Download my data": the member's JSON, prepared in the background, then fetched with their session (decision 250). */
export const myDataExportCalls: ExportCalls = {
  start: () => read(exports.$post()),
  status: (id) => read(exports[":id"].$get({ param: { id } })),
  file: (id, token) => readFile(exports[":id"].file.$get({ param: { id }, query: { token } })),
};
