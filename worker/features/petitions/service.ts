import type { Petition, PetitionListInput } from "#contract/petitions/schemas";
import type { Db } from "../../platform/db";
import { readSetting, writeSetting } from "../../platform/settings";
import { normalizeStoredList } from "./selection";

/** The settings record that holds the ordered petition list (spec §3). */
export const PETITIONS_KEY = "petitions";

/** The whole ordered list (KV-cached); an absent record is an empty list. */
export async function readPetitions(db: Db, kv: KVNamespace): Promise<Petition[]> {
  return normalizeStoredList(await readSetting<unknown>(db, kv, PETITIONS_KEY));
}

/**
 * Saves the whole ordered list (update when the record exists, else insert) and invalidates the
 * cached copy. Items without an id get one, so the admin screen can address them.
 */
export async function savePetitions(db: Db, kv: KVNamespace, input: PetitionListInput): Promise<Petition[]> {
  const list = normalizeStoredList(input.petitions);
  await writeSetting(db, kv, PETITIONS_KEY, list);
  return list;
}
