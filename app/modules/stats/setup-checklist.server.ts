import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import {
  admin_two_factor,
  admin_users,
  agenda,
  attendees,
  audit_log,
  cancelled_registrations,
  event_settings,
  partners,
  SETTINGS_ID,
  speakers,
} from "~/db/schema";
import { ORGANIZER_TYPES } from "~/modules/content/speaker-types";

// What a new site still needs before it is ready for the public, ticked as each is done (read
// afresh on every visit to the dashboard, so nothing needs ticking by hand). The order is the order
// of the work: the event's facts first (they open the public site), a test registration last.

export type SetupStep =
  | "settings"
  | "hosts"
  | "speakers"
  | "agenda"
  | "partners"
  | "door"
  | "mail"
  | "sms"
  | "twoFactor"
  | "testRegistration";

export type SetupChecklist = { steps: { step: SetupStep; done: boolean }[]; done: number; total: number };

/** Where the server's configuration stands (config.server.ts), given by the route: the checklist reads no environment. */
export type ServerReadiness = { smtp: boolean; sms: boolean };

const ORDER: SetupStep[] = ["settings", "hosts", "speakers", "agenda", "partners", "door", "mail", "sms", "twoFactor", "testRegistration"];

/** The set-up steps and which are done, in one statement; `adminId`: whose two factors count (the one looking). */
export async function setupChecklist(db: DbOrTx, adminId: string, server: ServerReadiness): Promise<SetupChecklist> {
  const hosts = sql.join(
    ORGANIZER_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select
      coalesce((select ${event_settings.first_saved_at} is not null from ${event_settings} where ${event_settings.id} = ${SETTINGS_ID}), false) as settings,
      exists (select 1 from ${speakers} where ${speakers.speaker_type} in (${hosts})) as hosts,
      exists (select 1 from ${speakers} where ${speakers.speaker_type} not in (${hosts})) as speakers,
      exists (select 1 from ${agenda}) as agenda,
      exists (select 1 from ${partners}) as partners,
      exists (select 1 from ${admin_users} where ${admin_users.role} = 'checkin') as door,
      exists (select 1 from ${admin_two_factor} where ${admin_two_factor.admin_id} = ${adminId} and ${admin_two_factor.confirmed_at} is not null) as "twoFactor",
      -- Someone registered, even if since cancelled or deleted (a test registration is often removed).
      (exists (select 1 from ${attendees}) or exists (select 1 from ${cancelled_registrations})
        or exists (select 1 from ${audit_log} where ${audit_log.entity} = 'attendee')) as "testRegistration"
  `)) as unknown as { rows: Record<Exclude<SetupStep, "mail" | "sms">, boolean>[] };
  const done: Partial<Record<SetupStep, boolean>> = { ...result.rows[0], mail: server.smtp, sms: server.sms };
  const steps = ORDER.map((step) => ({ step, done: Boolean(done[step]) }));
  return { steps, done: steps.filter((s) => s.done).length, total: steps.length };
}
