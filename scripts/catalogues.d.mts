export declare const CATALOGUE_QUERY: "?lingui";
export declare function readCatalogue(dir: string): Record<string, string>;
export declare function compileCatalogue(dir: string): Record<string, unknown>;
export declare function catalogueModule(dir: string): string;
