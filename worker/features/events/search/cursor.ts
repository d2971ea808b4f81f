import { decodeCursor, encodeCursor, isKeyString } from "../../../platform/cursor";
import type { Key, SearchMode } from "./model";

/** A page's cursor: the last hit's key and which in-person stream it came from. */
export type SearchCursor = Key & { mode: SearchMode };

const CURSOR_VERSION = 1;
/** The modes as the cursor writes them: one letter each, so cursors already handed out stay valid. */
const LETTERS = { radius: "r", statewide: "s", anywhere: "a" } as const satisfies Record<SearchMode, string>;
const MODES = new Map(Object.entries(LETTERS).map(([mode, letter]) => [letter as unknown, mode as SearchMode]));

export const encodeSearchCursor = ({ mode, start, distance, id }: SearchCursor) =>
  encodeCursor([CURSOR_VERSION, LETTERS[mode], start, distance, id]);

/** A cursor of this search, whose mode must be one of `modes`; anything else is a 400 `invalid_cursor`. */
export function readSearchCursor(value: string, modes: readonly SearchMode[]): SearchCursor {
  return decodeCursor(value, (t) => {
    const [version, letter, start, distance, id] = t;
    if (t.length !== 5 || version !== CURSOR_VERSION) return null;
    const mode = MODES.get(letter);
    if (!mode || !modes.includes(mode)) return null;
    if (!isKeyString(start) || !isKeyString(id)) return null;
    if (distance !== null && !(typeof distance === "number" && Number.isFinite(distance) && distance >= 0)) return null;
    return { mode, start, distance, id };
  });
}
