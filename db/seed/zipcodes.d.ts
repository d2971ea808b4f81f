// The `zipcodes` package ships no types; this is the one file of it the seed reads.
declare module "zipcodes/lib/codes.js" {
  export type ZipcodesEntry = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  };
  export const codes: Record<string, ZipcodesEntry>;
}
