import { Form, useNavigation } from "react-router";
import type { EditionFigures } from "~/db/edition-archive";
import { formatEventHours, timeInputValue } from "~/modules/settings/event-hours";
import { formatEventDate } from "~/modules/settings/event-time";
import { Card } from "~/ui/card";
import { displayDate, displayDateTime } from "~/ui/date-time";
import { Notice } from "~/ui/notice";
import { BUTTON } from "~/ui/styles";
import { contentCount } from "./next-edition-form";
import { CARRY_OVER, type CarryOverKind, type NextEditionInput } from "./schemas";

// The confirmation of "Start the Next Edition": exactly what the one transaction will do, in
// the organiser's numbers. The values ride along as hidden fields, so confirming works
// without JavaScript and "Change something" brings the form back as it was filled in.

export type ReviewFacts = {
  edition: string;
  /** the site's name now (Event Settings) */
  eventName: string;
  eventDate: string;
  venue: string;
  figures: EditionFigures;
  /** ISO date of the concluded edition's personal-data purge; null when it already ran */
  purgeOn: string | null;
  counts: Record<CarryOverKind, number>;
  /** what stays open for the concluded edition's people (edition-promises.server.ts); instants as ISO text */
  promises: {
    survey: { state: "not-yet" | "open" | "closed"; closesAt: string; answers: number };
    /** downloadableUntil: null when its registrations (and so its ticket pages) are already deleted */
    certificates: { issued: number; verifiableUntil: string; downloadableUntil: string | null };
  };
};

const n = (value: number) => value.toLocaleString("en-US");
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;

export function NextEditionReview({ input, facts }: { input: NextEditionInput; facts: ReviewFacts }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { figures } = facts;
  const kept = CARRY_OVER.filter(([kind]) => input.keep[kind]);
  const emptied = CARRY_OVER.filter(([kind]) => !input.keep[kind]);
  const list = (items: typeof kept) =>
    items.length === 0
      ? "nothing"
      : items.map(([kind, label]) => `${label} (${contentCount(kind, facts.counts[kind]).toLowerCase()})`).join(", ");
  return (
    <Form method="post" className="space-y-5" data-testid="next-edition-review">
      <Card title="When You Confirm" level={2}>
        <ol className="list-decimal space-y-3 pl-5 text-sm leading-relaxed text-gray-800">
          <li>
            The <strong>{facts.edition}</strong> ({formatEventDate(facts.eventDate)}, {facts.venue}) is archived. Past Editions will show
            its figures: {plural(figures.registered, "registration", "registrations")}, {n(figures.attended)} attended,{" "}
            {n(figures.cancelled)} cancelled, {n(figures.waitlisted)} on the waitlist; and its speakers, agenda and partners as they are
            today.
          </li>
          <li>
            Its people leave every list, count, reminder and export, and the door: their tickets are refused with "Ticket for the{" "}
            {facts.edition}". Registering again in the next edition is open to them.{" "}
            {facts.purgeOn
              ? `Their personal data is still deleted on ${formatEventDate(facts.purgeOn)}, as set in Event Settings.`
              : "Their personal data was already deleted; the figures stay."}
          </li>
          <li data-testid="review-promises">
            <EditionPromisesText edition={facts.edition} eventDate={facts.eventDate} promises={facts.promises} />
          </li>
          <li>
            The <strong>{input.name}</strong> becomes current: {formatEventDate(input.event_date)}, {formatEventHours(input)}, at{" "}
            {input.venue}, for up to {plural(input.max_attendees, "attendee", "attendees")}, with 0 registrations.
          </li>
          <li data-testid="review-event-name">
            {input.event_name === facts.eventName ? (
              <>
                The site keeps its name, <strong>{facts.eventName}</strong>.
              </>
            ) : (
              <>
                The site's name changes from {facts.eventName} to <strong>{input.event_name}</strong>: on every page, ticket and certificate
                from now on.
              </>
            )}
          </li>
          <li>Kept: {list(kept)}.</li>
          <li>Started empty: {list(emptied)}.</li>
        </ol>
      </Card>
      <Notice tone="warning">This cannot be undone. The archived edition stays on Past Editions.</Notice>
      <input type="hidden" name="name" value={input.name} />
      <input type="hidden" name="name_ha" value={input.name_ha} />
      <input type="hidden" name="event_name" value={input.event_name} />
      <input type="hidden" name="event_date" value={input.event_date} />
      <input type="hidden" name="event_starts_at" value={timeInputValue(input.event_starts_at)} />
      <input type="hidden" name="event_ends_at" value={timeInputValue(input.event_ends_at)} />
      <input type="hidden" name="venue" value={input.venue} />
      <input type="hidden" name="max_attendees" value={String(input.max_attendees)} />
      {kept.map(([kind]) => (
        <input key={kind} type="hidden" name={`keep_${kind}`} value="on" />
      ))}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="submit" name="intent" value="edit" className={BUTTON.secondary} disabled={busy}>
          Change something
        </button>
        <button type="submit" name="intent" value="confirm" className={BUTTON.primary} disabled={busy}>
          {busy ? "Starting…" : `Start the ${input.name}`}
        </button>
      </div>
    </Form>
  );
}

/** The last day before an exclusive end (a certificate verifies until the end of that day). */
const lastDay = (end: string) => displayDate(new Date(Date.parse(end) - 1));

/** "The 2026 survey stays open until …; its 214 answers stay on the Feedback page; certificates …", in plain words. */
function EditionPromisesText({ edition, eventDate, promises }: { edition: string; eventDate: string; promises: ReviewFacts["promises"] }) {
  const { survey, certificates } = promises;
  const year = eventDate.slice(0, 4);
  const answers = plural(survey.answers, "answer", "answers");
  const surveyText =
    survey.state === "closed"
      ? `The ${year} survey closed on ${displayDateTime(survey.closesAt)}; its ${answers} stay on the Feedback page (choose the ${edition}).`
      : `The ${year} survey stays open until ${displayDateTime(survey.closesAt)}: the links in its e-mails keep working and answers count for the ${edition}. Its ${answers} so far stay on the Feedback page (choose the ${edition}).`;
  const certificateText =
    certificates.issued === 0
      ? "No certificate of attendance was issued."
      : certificates.downloadableUntil
        ? `Its ${plural(certificates.issued, "certificate", "certificates")} stay verifiable at /verify until ${lastDay(certificates.verifiableUntil)}, and downloadable from their holders' ticket pages until ${lastDay(certificates.downloadableUntil)}.`
        : `Its ${plural(certificates.issued, "certificate", "certificates")} stay verifiable at /verify until ${lastDay(certificates.verifiableUntil)}.`;
  return (
    <>
      Kept open: {surveyText} {certificateText}
    </>
  );
}
