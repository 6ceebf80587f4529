import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { channel_pauses, type MessageChannel } from "~/db/schema";
import { wakeAfterCommit } from "./outbox-wake.server";

// A channel paused by what its gateway said (the SMS account's credit is spent): every further
// send would fail the same way and could only be marked failed, so the messages wait in the
// outbox instead, /healthz and the admin say why, and an organiser resumes it after topping up.

export type ChannelPause = { channel: MessageChannel; reason: string; paused_at: Date };

/** The channels paused now (the worker skips their messages). */
export async function channelPauses(db: DbOrTx): Promise<ChannelPause[]> {
  return db.select().from(channel_pauses);
}

/** Pauses a channel; a pause already in place keeps its first reason and time. */
export async function pauseChannel(db: DbOrTx, channel: MessageChannel, reason: string): Promise<void> {
  await db.insert(channel_pauses).values({ channel, reason, paused_at: sql`now()` }).onConflictDoNothing();
}

/** Resumes a channel; true when it was paused. Its waiting messages go once the caller's transaction commits. */
export async function resumeChannel(db: DbOrTx, channel: MessageChannel): Promise<boolean> {
  const rows = await db.delete(channel_pauses).where(eq(channel_pauses.channel, channel)).returning({ channel: channel_pauses.channel });
  if (rows.length > 0) wakeAfterCommit(db);
  return rows.length > 0;
}
