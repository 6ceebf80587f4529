import { createHash, randomBytes } from "node:crypto";
import { and, eq, lte, or } from "drizzle-orm";
import { redirect } from "react-router";
import { getConfig } from "~/config.server";
import type { Db, DbOrTx } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { admin_sessions, admin_users } from "~/db/schema";
import { redirectWithToast } from "~/ui/toast.server";
import type { AdminRole } from "./accounts.server";
import {
  AUTH_MESSAGES,
  absoluteExpiry,
  CHECKIN_HOME,
  clearSessionCookie,
  IDLE_TIMEOUT_MS,
  isSameOrigin,
  isSecureRequest,
  isStateChanging,
  loginUrl,
  needsTouch,
  pagePath,
  readCookie,
  SECURITY_PATH,
  sessionCookie,
  sessionCookieName,
  sessionState,
} from "./session-policy";
import { hasTwoFactor } from "./two-factor.server";

// Server-side admin sessions: the cookie holds a random token,
// the database only its sha256, so neither a leaked database nor a leaked log
// line yields a usable session. Every admin loader and action starts with requireAdmin.

export type SessionAdmin = { id: string; email: string; name: string; role: AdminRole };
export type AuthOptions = { now: Date; publicUrl: string; requireTwoFactor: "organisers" | "none" };

export function authOptions(now = new Date()): AuthOptions {
  const config = getConfig();
  return { now, publicUrl: config.publicUrl, requireTwoFactor: config.requireTwoFactor };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createSession(
  db: DbOrTx,
  adminId: string,
  info: { now: Date; ip?: string; userAgent?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = absoluteExpiry(info.now);
  await db.insert(admin_sessions).values({
    id: hashToken(token),
    admin_id: adminId,
    created_at: info.now,
    last_seen_at: info.now,
    expires_at: expiresAt,
    ip: info.ip ?? "",
    user_agent: (info.userAgent ?? "").slice(0, 512),
  });
  return { token, expiresAt };
}

export type SessionLookup =
  | { status: "active"; admin: SessionAdmin }
  /** no cookie at all */
  | { status: "none" }
  /** a cookie whose session is gone: signed out elsewhere, password reset, account removed */
  | { status: "unknown" }
  | { status: "expired" };

/** Finds the session for a token; ends it when expired and records activity at most once a minute. */
export async function lookupSession(db: DbOrTx, token: string | null, now: Date): Promise<SessionLookup> {
  if (!token) return { status: "none" };
  const id = hashToken(token);
  const [row] = await db
    .select({
      last_seen_at: admin_sessions.last_seen_at,
      expires_at: admin_sessions.expires_at,
      admin: { id: admin_users.id, email: admin_users.email, name: admin_users.name, role: admin_users.role },
    })
    .from(admin_sessions)
    .innerJoin(admin_users, eq(admin_users.id, admin_sessions.admin_id))
    .where(eq(admin_sessions.id, id))
    .limit(1);
  if (!row) return { status: "unknown" };
  if (sessionState(row, now) === "expired") {
    await db.delete(admin_sessions).where(eq(admin_sessions.id, id));
    return { status: "expired" };
  }
  if (needsTouch(row, now)) await db.update(admin_sessions).set({ last_seen_at: now }).where(eq(admin_sessions.id, id));
  return { status: "active", admin: row.admin };
}

async function deleteSession(db: DbOrTx, token: string | null): Promise<void> {
  if (token) await db.delete(admin_sessions).where(eq(admin_sessions.id, hashToken(token)));
}

/** Removes an account's ended sessions, so the table does not grow with every sign-in. */
async function deleteEndedSessions(db: DbOrTx, adminId: string, now: Date): Promise<void> {
  const idleSince = new Date(now.getTime() - IDLE_TIMEOUT_MS);
  await db
    .delete(admin_sessions)
    .where(and(eq(admin_sessions.admin_id, adminId), or(lte(admin_sessions.expires_at, now), lte(admin_sessions.last_seen_at, idleSince))));
}

/** The session token the request carries: over https only the `__Host-` cookie counts. */
function sessionToken(request: Request): string | null {
  return readCookie(request.headers.get("Cookie"), sessionCookieName(isSecureRequest(request)));
}

/** The stored id of the request's session (its token's hash), or null without a cookie. */
export function sessionIdOf(request: Request): string | null {
  const token = sessionToken(request);
  return token ? hashToken(token) : null;
}

// Parent and child loaders of one data request share the Request object: look the session up once.
const lookups = new WeakMap<Request, Promise<SessionLookup>>();
function lookupOnce(db: DbOrTx, request: Request, now: Date): Promise<SessionLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookupSession(db, sessionToken(request), now);
    lookups.set(request, lookup);
    lookup.catch(() => lookups.delete(request));
  }
  return lookup;
}

/** 403 unless a state-changing request comes from our own pages (CSRF). */
export function assertSameOrigin(request: Request, publicUrl: string): void {
  if (isStateChanging(request.method) && !isSameOrigin(request, publicUrl)) {
    throw Response.json({ error: AUTH_MESSAGES.crossOrigin }, { status: 403 });
  }
}

/**
 * The signed-in admin, or a thrown Response: pages (GET/HEAD) redirect to the
 * sign-in page; anything else gets 401 (no or ended session) or 403 (another
 * site's request), with nothing but a message in the body.
 */
export async function authenticateAdmin(db: DbOrTx, request: Request, options: AuthOptions): Promise<SessionAdmin> {
  assertSameOrigin(request, options.publicUrl);
  const lookup = await lookupOnce(db, request, options.now);
  if (lookup.status === "active") return lookup.admin;

  const message = lookup.status === "expired" ? AUTH_MESSAGES.expired : AUTH_MESSAGES.unauthorized;
  const clear = { "Set-Cookie": clearSessionCookie({ secure: isSecureRequest(request) }) };
  if (!isStateChanging(request.method)) {
    const target = loginUrl(pagePath(request));
    if (lookup.status === "none") throw redirect(target);
    throw await redirectWithToast(target, "error", message, { headers: clear });
  }
  throw Response.json({ error: message }, { status: 401, headers: lookup.status === "none" ? undefined : clear });
}

/**
 * The first call of every organiser's loader and action (see authenticateAdmin). A
 * check-in account is refused (403), except that the admin home sends it to its one page.
 */
export async function requireAdmin(request: Request): Promise<{ admin: SessionAdmin; db: Db }> {
  const db = await getDb();
  const options = authOptions();
  const admin = await authenticateAdmin(db, request, options);
  await assertEnrolled(db, request, admin, options);
  if (admin.role !== "organiser") {
    if (!isStateChanging(request.method) && /^\/admin\/?$/.test(pagePath(request))) throw redirect(CHECKIN_HOME);
    throw Response.json({ error: AUTH_MESSAGES.checkinOnly }, { status: 403 });
  }
  return { admin, db };
}

/** The first call of the loaders and actions both roles may use: the admin frame and check-in. */
export async function requireStaff(request: Request): Promise<{ admin: SessionAdmin; db: Db }> {
  const db = await getDb();
  const options = authOptions();
  const admin = await authenticateAdmin(db, request, options);
  await assertEnrolled(db, request, admin, options);
  return { admin, db };
}

/**
 * With REQUIRE_TWO_FACTOR=organisers, an organiser without an authenticator can use the
 * security page and nothing else (a session from before the setting, or after a reset):
 * pages go there, anything else is refused. New sign-ins enrol before they get a session.
 */
async function assertEnrolled(db: DbOrTx, request: Request, admin: SessionAdmin, options: AuthOptions): Promise<void> {
  if (options.requireTwoFactor !== "organisers" || admin.role !== "organiser") return;
  if (pagePath(request).startsWith(SECURITY_PATH)) return;
  if (await hasTwoFactor(db, admin.id)) return;
  if (!isStateChanging(request.method)) throw redirect(SECURITY_PATH);
  throw Response.json({ error: AUTH_MESSAGES.enrolFirst }, { status: 403 });
}

/** The signed-in admin or null, without redirecting: for the sign-in page. */
export async function getOptionalAdmin(request: Request, db?: DbOrTx, now = new Date()): Promise<SessionAdmin | null> {
  const lookup = await lookupOnce(db ?? (await getDb()), request, now);
  return lookup.status === "active" ? lookup.admin : null;
}

/**
 * Starts a new session for a fully signed-in admin (a new id at every sign-in; the session the
 * browser had before is ended) and returns its Set-Cookie header.
 */
export async function startSession(db: DbOrTx, request: Request, adminId: string, info: { now: Date; ip: string }): Promise<string> {
  await deleteSession(db, sessionToken(request));
  await deleteEndedSessions(db, adminId, info.now);
  const { token } = await createSession(db, adminId, { now: info.now, ip: info.ip, userAgent: request.headers.get("User-Agent") });
  return sessionCookie(token, { secure: isSecureRequest(request) });
}

/** Ends the request's session (if any); returns the Set-Cookie header that removes the cookie. */
export async function signOut(db: DbOrTx, request: Request): Promise<string> {
  await deleteSession(db, sessionToken(request));
  return clearSessionCookie({ secure: isSecureRequest(request) });
}

/** The client's address as Express saw it (server/app.ts puts it in the load context). */
export function clientIp(context: unknown): string {
  const ip = (context as { clientIp?: unknown } | null | undefined)?.clientIp;
  return typeof ip === "string" ? ip : "";
}
