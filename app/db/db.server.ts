import { getConfig } from "~/config.server";
import { type Database, databaseOptions, openDatabase } from "./client.server";

// One database per process, kept on globalThis so dev-mode module reloads reuse it.
const holder = globalThis as unknown as { __summitDb?: Promise<Database> };

export function getDatabase(): Promise<Database> {
  holder.__summitDb ??= openDatabase(databaseOptions(getConfig()));
  return holder.__summitDb;
}

export async function getDb() {
  return (await getDatabase()).db;
}
