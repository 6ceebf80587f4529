import { getConfig } from "~/config.server";
import { type DbConnection, dbConnectionOptions, openDbConnection } from "./client.server";

// One database per process, kept on globalThis so dev-mode module reloads reuse it.
const holder = globalThis as unknown as { __summitDb?: Promise<DbConnection> };

export function getDbConnection(): Promise<DbConnection> {
  holder.__summitDb ??= openDbConnection(dbConnectionOptions(getConfig()));
  return holder.__summitDb;
}

export async function getDb() {
  return (await getDbConnection()).db;
}
