import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Db } from "~/db/client.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { timeInputValue } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import { makeToast } from "~/ui/toast";
import { redirectWithToast } from "~/ui/toast.server";
import { type EditionPromises, editionPromises } from "./edition-promises.server";
import { nextEditionPreview } from "./edition-state.server";
import type { NextEditionDefaults } from "./next-edition-form";
import type { ReviewFacts } from "./next-edition-review";
import { CARRY_OVER, CARRY_OVER_DEFAULTS, NEXT_EDITION_MESSAGES, nameForYear, nextEditionSchema } from "./schemas";
import { startNextEdition } from "./start-edition.server";

// /admin/editions/new: the form, its confirmation, and the start itself. Each step is a plain
// post: the form's values come back in the confirmation's hidden fields, and confirming
// checks them again, and the edition's state again, inside the start's own transaction.

const DAY_MS = 86_400_000;

export async function nextEditionPage(db: Db, now = new Date()) {
  const preview = await nextEditionPreview(db, now);
  const { settings } = preview;
  // A year on, same weekday-less date: the organiser changes it anyway, but rarely the rest.
  const nextYear = new Date(Date.parse(`${settings.event_date}T00:00:00Z`) + 365 * DAY_MS).toISOString().slice(0, 10);
  const defaults: NextEditionDefaults = {
    ...preview.suggested,
    event_name: nameForYear(settings.event_name, settings.event_date.slice(0, 4), nextYear.slice(0, 4)),
    event_date: nextYear,
    event_starts_at: timeInputValue(settings.event_starts_at),
    event_ends_at: timeInputValue(settings.event_ends_at),
    venue: settings.venue,
    max_attendees: String(settings.max_attendees),
    ...Object.fromEntries(CARRY_OVER.map(([kind]) => [`keep_${kind}`, CARRY_OVER_DEFAULTS[kind] ? "on" : ""])),
  };
  return {
    edition: preview.edition.name,
    eventDate: settings.event_date,
    concluded: preview.concluded,
    defaults,
    counts: preview.content,
  };
}

export async function nextEditionAction(db: Db, actor: AuditActor, formData: FormData, now = new Date()) {
  const submission = parseWithZod(formData, { schema: nextEditionSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), review: null, toast: null }, { status: 400 });
  }
  const input = submission.value;
  if (input.intent === "edit") return { result: submission.reply(), review: null, toast: null };
  if (input.intent === "review") {
    const preview = await nextEditionPreview(db, now);
    if (!preview.concluded) return refused(submission.reply({ formErrors: [NEXT_EDITION_MESSAGES.notConcluded] }), 409);
    const { purged } = preview;
    const facts: ReviewFacts = {
      edition: preview.edition.name,
      eventName: preview.settings.event_name,
      eventDate: preview.settings.event_date,
      venue: preview.settings.venue,
      figures: preview.figures ?? { registered: 0, attended: 0, cancelled: 0, waitlisted: 0, gender: {}, states: {}, lgas: {} },
      // The purge's instant as a Lagos calendar date (UTC+1).
      purgeOn: purged ? null : new Date(preview.purgeAt.getTime() + 3_600_000).toISOString().slice(0, 10),
      counts: preview.content,
      promises: reviewPromises(await editionPromises(db, preview.settings, now), purged ? null : preview.purgeAt),
    };
    return { result: submission.reply(), review: { input, facts }, toast: null };
  }
  const started = await startNextEdition(db, actor, input, now);
  if (!started.ok) {
    return started.reason === "date-not-future"
      ? refused(submission.reply({ fieldErrors: { event_date: [NEXT_EDITION_MESSAGES.dateNotFuture] } }), 400)
      : refused(submission.reply({ formErrors: [NEXT_EDITION_MESSAGES.notConcluded] }), 409);
  }
  return redirectWithToast(
    "/admin",
    "success",
    `The ${started.edition.name} has started: ${formatEventDate(input.event_date)}, with 0 registrations.`,
    { duration: 6000 },
  );
}

/** What stays open after the start, as the review states it (instants as ISO text: they travel to the page). */
function reviewPromises(promises: EditionPromises, purgeAt: Date | null): ReviewFacts["promises"] {
  const { survey, certificates } = promises;
  // The ticket page (and so its download) lasts as long as the edition keeps its registrations.
  const downloadable = purgeAt && purgeAt < certificates.verifiableUntil ? purgeAt : certificates.verifiableUntil;
  return {
    survey: { state: survey.state, closesAt: survey.closesAt.toISOString(), answers: survey.answers },
    certificates: {
      issued: certificates.issued,
      verifiableUntil: certificates.verifiableUntil.toISOString(),
      downloadableUntil: purgeAt ? downloadable.toISOString() : null,
    },
  };
}

function refused(result: SubmissionResult<string[]>, status: number) {
  const message = Object.values(result.error ?? {})[0]?.[0] ?? NEXT_EDITION_MESSAGES.notConcluded;
  return data({ result, review: null, toast: makeToast("error", message, 6000) }, { status });
}
