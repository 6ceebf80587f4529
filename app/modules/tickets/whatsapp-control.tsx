import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { BUTTON } from "~/ui/styles";
import type { TicketWhatsApp } from "./whatsapp-choice.server";
import { WHATSAPP_INTENTS } from "./whatsapp-intents";

// On the ticket page, while WhatsApp is configured: the ticket and reminders also on WhatsApp,
// or a way to stop them. A plain form (the page ships no framework JavaScript, ADR 015) that
// posts to the ticket page, which answers with the page again and a toast (whatsapp-choice.server.ts).

export function WhatsAppControl({ whatsapp }: { whatsapp: TicketWhatsApp | null }) {
  const { t } = useTranslation();
  if (!whatsapp) return null;
  return (
    <Form
      method="post"
      id="whatsapp"
      className="no-print mx-auto mt-6 flex max-w-md flex-col items-center gap-2 text-center text-sm text-gray-600"
    >
      {whatsapp.on ? (
        <>
          <p>{t("ticket.whatsapp.on", { phone: whatsapp.phone })}</p>
          <button type="submit" name="intent" value={WHATSAPP_INTENTS.stop} className={BUTTON.secondary}>
            {t("ticket.whatsapp.stop")}
          </button>
        </>
      ) : (
        <>
          <button type="submit" name="intent" value={WHATSAPP_INTENTS.start} className={BUTTON.secondary}>
            {t("ticket.whatsapp.start")}
          </button>
          <p>{t("ticket.whatsapp.startHint", { phone: whatsapp.phone })}</p>
        </>
      )}
    </Form>
  );
}
