import { randomInt } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// `npm run demo`: the production server on its own data directory, filled once
// with fictional sample content and a demo admin account whose credentials are
// printed at every start. `npm start` never seeds; only this entry does.

// Before anything reads the environment: config.server caches its first read,
// and React picks its build from NODE_ENV when first imported.
process.env.DATA_DIR ||= "./data-demo";
process.env.NODE_ENV ||= "production";
// Its mail stays in DATA_DIR/mail on purpose: System Status does not flag it.
process.env.DEMO = "true";

const { getConfig } = await import("~/config.server");
const { DataDirLockedError, dbConnectionOptions, openDbConnection } = await import("~/db/client.server");
const { verifyAdminCredentials } = await import("~/modules/auth/accounts.server");
const { DEMO_ADMIN_EMAIL, DEMO_ADMIN_NAME } = await import("~/modules/content/demo-data");
const { seedDemo } = await import("~/modules/content/demo-seed.server");

type Credentials = { email: string; password: string };

const config = getConfig();
const credentials = loadOrCreateCredentials(config.dataDir);

let database: Awaited<ReturnType<typeof openDbConnection>>;
try {
  database = await openDbConnection(dbConnectionOptions(config));
} catch (error) {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

let result: Awaited<ReturnType<typeof seedDemo>>;
let loginWorks: boolean;
try {
  result = await seedDemo(database.db, { today: new Date(), admin: { ...credentials, name: DEMO_ADMIN_NAME } });
  loginWorks = (await verifyAdminCredentials(database.db, credentials.email, credentials.password)) !== null;
} finally {
  // The server opens the database itself; PGlite's directory lock must be free by then.
  await database.close();
}

const notes: string[] = [];
if (result.seeded) {
  notes.push(
    `Added fictional sample content: ${result.speakers} speakers, ${result.specialGuests} special guests,`,
    `${result.agendaItems} agenda items, ${result.partners} partners; event date ${result.eventDate}.`,
  );
} else if (result.reason === "not-empty") {
  notes.push("This database already holds data that is not demo content: nothing was added.");
}

// The bundle `npm run build` compiled from server/app.ts (the npm script builds first).
const serverBuild = new URL("../build/server/index.js", import.meta.url).href;
const { startServer } = (await import(serverBuild)) as typeof import("./app");
const server = await startServer();
const printBox = () => process.stdout.write(loginBox(credentials, loginWorks, notes));
if (server.listening) printBox();
else server.once("listening", printBox);

function loadOrCreateCredentials(dataDir: string): Credentials {
  const file = path.join(dataDir, "demo-admin.json");
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as Partial<Credentials>;
    if (typeof saved.email === "string" && typeof saved.password === "string") return { email: saved.email, password: saved.password };
  } catch {
    // first start, or an unreadable file: make new credentials
  }
  const credentials = { email: DEMO_ADMIN_EMAIL, password: generatePassword() };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

/** Four groups of four from letters and digits that cannot be misread (no 0/o, 1/l/i): about 79 bits. */
function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const group = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join("");
  return [group(), group(), group(), group()].join("-");
}

function noLoginHelp(credentials: Credentials): string[] {
  if (!result.seeded && result.reason === "not-empty") return ["Sign in with this database's own admin accounts (npm run admin -- list)."];
  return [
    `The demo admin ${credentials.email} no longer signs in with the saved password.`,
    `Reset it:     ${config.databaseUrl ? "" : `DATA_DIR=${config.dataDir} `}npm run admin -- reset-password ${credentials.email}`,
  ];
}

function loginBox(credentials: Credentials, loginWorks: boolean, notes: string[]): string {
  const url = config.publicUrl;
  const lines = [
    "DEMO MODE: made-up sample content, fictional people",
    "",
    `Site:         ${url}/`,
    `Admin login:  ${url}/admin/login`,
    ...(loginWorks ? [`E-mail:       ${credentials.email}`, `Password:     ${credentials.password}`] : noLoginHelp(credentials)),
    "",
    config.databaseUrl ? "Database:     PostgreSQL (DATABASE_URL)" : `Data:         ${config.dataDir} (delete it to start over)`,
    ...(notes.length ? ["", ...notes] : []),
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "═".repeat(width + 4);
  const body = lines.map((line) => `║  ${line.padEnd(width)}  ║`);
  return `\n╔${rule}╗\n${body.join("\n")}\n╚${rule}╝\n\n`;
}
