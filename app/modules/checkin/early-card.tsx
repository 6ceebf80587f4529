import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { languageOr } from "~/i18n/languages";
import { formatEventDate } from "~/modules/settings/event-time";
import { BUTTON } from "~/ui/styles";
import { EARLY_FIELD, type EarlyQuestion } from "./early-door";

// The question a check-in before the event's day gets (early-door.ts): the check-in's own fields
// sent again with the volunteer's "yes" (a plain form: it works without JavaScript and offline),
// or "Not now", back to the door page with no one let in.

export function EarlyCard({ question, action, busy }: { question: EarlyQuestion; action: string; busy: boolean }) {
  const { t, i18n } = useTranslation("door");
  const language = languageOr(i18n.language);
  const date = question.dateLabels[language] ?? formatEventDate(question.eventDate, language, "long");
  return (
    <section role="alert" data-outcome="early" className="rounded-2xl border-4 border-sky-600 bg-sky-50 px-4 py-3 text-sky-950">
      <p className="text-lg font-bold">{t("early.question", { date })}</p>
      <p className="mt-1">{t("early.hint")}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post" action={action}>
          {question.resubmit.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name={EARLY_FIELD} value={question.eventDate} />
          <button type="submit" disabled={busy} className={BUTTON.primary}>
            {t("early.yes")}
          </button>
        </Form>
        <Link to={action} className={BUTTON.secondary}>
          {t("early.notNow")}
        </Link>
      </div>
    </section>
  );
}
