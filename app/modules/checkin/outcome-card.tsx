import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { translateMessage } from "~/i18n/message-key";
import { BUTTON } from "~/ui/styles";
import { EarlyCard } from "./early-card";
import type { DoorAnswer } from "./early-door";
import { isJustNow } from "./just-now";
import { UndoLink, type UndoTarget } from "./undo-link";

// The answer to a scan, a typed ticket ID or a search's Check in: one card readable at arm's
// length, green checked in, amber already checked in (when and by whom), red refused. A typed
// ID that matches nobody but is one character from a real one offers that one: the volunteer
// checks the name with the person and confirms with its button (a plain form, so it works
// without JavaScript), which checks that ID in. The green card offers Undo (the wrong person let
// in): the same audited, confirmed undo as a search result's, while the card is on screen.

const TONE = {
  "checked-in": "border-brand-600 bg-brand-50 text-brand-900",
  already: "border-amber-500 bg-amber-50 text-amber-900",
  refused: "border-red-600 bg-red-50 text-red-900",
} as const;

export function OutcomeCard({ outcome, action, busy, undo }: { outcome: DoorAnswer; action: string; busy: boolean; undo?: UndoTarget }) {
  const { t } = useTranslation("door");
  if (outcome.status === "early") return <EarlyCard question={outcome} action={action} busy={busy} />;
  const person = outcome.status === "refused" ? null : outcome.attendee;
  const role = [person?.position, person?.organization].filter(Boolean).join(", ");
  const suggestions = outcome.status === "refused" ? (outcome.suggestions ?? []) : [];
  // A list's answer names its list in the headline ("Lunch: enjoy!", "Kits: none left").
  const fromList = "list" in outcome;
  return (
    <section
      role={outcome.status === "refused" ? "alert" : "status"}
      aria-live="assertive"
      data-outcome={outcome.status}
      className={`rounded-2xl border-4 px-4 py-3 ${TONE[outcome.status]}`}
    >
      <p className="text-lg font-bold">
        {outcome.status === "checked-in" && !fromList
          ? t(isJustNow(outcome.message) ? "justNow" : "welcome")
          : translateMessage(t, outcome.message)}
      </p>
      {person ? (
        <>
          {person.full_name ? (
            <p className="mt-1 text-2xl leading-tight font-extrabold break-words">{person.full_name}</p>
          ) : (
            // Admitted offline by its signature alone (issued after the list): the name comes later.
            <p className="mt-1 text-lg break-words">{translateMessage(t, outcome.message)}</p>
          )}
          {role ? <p className="mt-1 text-lg break-words">{role}</p> : null}
          {person.state ? <p className="text-lg">{person.state}</p> : null}
          <p className="mt-1 font-mono text-sm opacity-80">{person.ticket_id}</p>
          {undo && outcome.status === "checked-in" ? <UndoLink person={person} undo={undo} className="mt-2" /> : null}
        </>
      ) : null}
      {suggestions.length > 0 ? (
        <div data-suggestions="" className="mt-3 border-t border-red-200 pt-3">
          <p className="text-sm font-semibold">{t("suggestion.heading")}</p>
          <ul className="mt-2 space-y-2">
            {suggestions.map((s) => (
              <li key={s.ticket_id} className="rounded-lg bg-white p-2 text-gray-900">
                <p className="font-semibold break-words">{s.full_name}</p>
                <p className="font-mono text-sm">{s.ticket_id}</p>
                <Form method="post" action={action} className="mt-2">
                  <input type="hidden" name="intent" value="ticket" />
                  <input type="hidden" name="ticket_id" value={s.ticket_id} />
                  <button type="submit" disabled={busy} className={`${BUTTON.primary} w-full`}>
                    {t("suggestion.checkIn", { name: s.full_name })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
