import { signedInApi } from "../../lib/api";
import { readFile } from "../../lib/file-download";

/** "Download my data": the member's JSON export as a file to save. */
export const downloadMyData = () => readFile(signedInApi.api.me.export.$get());
