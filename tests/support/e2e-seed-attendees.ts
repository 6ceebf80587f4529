// Registers N attendees ("Seeded Person 001"…) straight into a private site's database before
// its server starts (startPrivateSite({ attendees })), for tests that need people to find;
// prints them as JSON.
import path from "node:path";
import { openDbConnection } from "~/db/client.server";
import { createAttendee } from "~/db/factories";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");
const count = Number(process.argv[2] ?? "0");
const url = process.env.DATABASE_URL;
const database = await openDbConnection(url ? { kind: "postgres", url } : { kind: "pglite", dir: path.join(dataDir, "db") });
try {
  const people = [];
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(3, "0");
    const row = await createAttendee(database.db, { full_name: `Seeded Person ${n}`, email: `seeded-${n}@example.org` });
    people.push({ full_name: row.full_name, email: row.email, phone: row.phone, ticket_id: row.ticket_id });
  }
  process.stdout.write(`${JSON.stringify(people)}\n`);
} finally {
  await database.close();
}
