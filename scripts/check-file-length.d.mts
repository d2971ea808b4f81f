/** The file-length check (see check-file-length.mjs). */
export declare const MAX_LINES: number;
export declare const CHECKED_DIRS: string[];
export declare const GENERATED: string[];
export declare function lineCount(text: string): number;
export declare function longFiles(
  root: string,
  options?: { dirs?: string[]; max?: number; generated?: string[] },
): { file: string; lines: number }[];
