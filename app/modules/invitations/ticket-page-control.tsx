import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { BUTTON } from "~/ui/styles";

// On the ticket page of someone who asked to hear about future editions: a way to stop it.
// A plain form (the page ships no framework JavaScript, ADR 015): it posts to the ticket page,
// which answers with the page again and this line saying it is done.

export const STOP_INTENT = "stop-future-editions";

export function FutureEditionsControl({ optedIn, stopped }: { optedIn: boolean; stopped: boolean }) {
  const { t } = useTranslation();
  if (stopped)
    return (
      <p role="status" className="no-print mx-auto mt-6 max-w-md rounded-lg bg-brand-50 p-3 text-center text-sm text-brand-900">
        {t("ticket.futureEditions.stopped")}
      </p>
    );
  if (!optedIn) return null;
  return (
    <Form method="post" className="no-print mx-auto mt-6 flex max-w-md flex-col items-center gap-2 text-center text-sm text-gray-600">
      <p>{t("ticket.futureEditions.text")}</p>
      <button type="submit" name="intent" value={STOP_INTENT} className={BUTTON.secondary}>
        {t("ticket.futureEditions.stop")}
      </button>
    </Form>
  );
}
