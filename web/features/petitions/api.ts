import { queryOptions } from "@tanstack/react-query";
import type { Petition, PetitionInput, PetitionTopic } from "#contract/petitions/schemas";
import { api, read, signedInApi, toQuery, withSignal } from "../../lib/api";

/** Query keys and fetchers of the petitions feature (public blocks and the admin screen). */
export const petitionKeys = {
  all: ["petitions"] as const,
  public: (params: PublicPetitionsParams) => ["petitions", "public", params] as const,
  admin: () => ["petitions", "admin"] as const,
};

export type PublicPetitionsParams = { campaign?: string; topic?: PetitionTopic; limit?: number };

export const publicPetitionsQuery = (params: PublicPetitionsParams) =>
  queryOptions({
    queryKey: petitionKeys.public(params),
    queryFn: ({ signal }) =>
      read(api.api.petitions.$get({ query: toQuery(params) }, withSignal(signal))).then((r) => r.petitions),
  });

export const adminPetitionsQuery = () =>
  queryOptions({
    queryKey: petitionKeys.admin(),
    queryFn: ({ signal }) =>
      read(signedInApi.api.admin.petitions.$get(undefined, withSignal(signal))).then((r) => r.petitions),
    // The admin edits this list; show what is stored, not a minute-old copy.
    staleTime: 0,
  });

/** Saves the whole ordered list; every add, edit, delete and reorder goes through this. */
export const savePetitionList = (petitions: (Petition | PetitionInput)[]) =>
  read(signedInApi.api.admin.petitions.$put({ json: { petitions } })).then((r) => r.petitions);
