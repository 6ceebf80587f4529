import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CorrectionsState } from "./self-correction.server";

// The ticket page's word on correcting one's details: the link while corrections are open, and
// whom to contact once they have closed or an organiser has locked the details. `saved`: the
// page was reached right after a correction.

const contactText = (contact: { email: string; phone: string }) => [contact.email, contact.phone].filter(Boolean).join(", ");

export function CorrectionsCard({ state, token, saved }: { state: CorrectionsState; token: string; saved: boolean }) {
  const { t } = useTranslation("public");
  const link = "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900";
  return (
    <section
      id="corrections"
      aria-label={t("corrections.title")}
      className="no-print mx-auto mt-3 max-w-md text-center text-sm text-gray-700"
    >
      {saved ? (
        <p role="status" className="mb-2 rounded-lg bg-green-50 p-3 font-medium text-green-900">
          {t("corrections.saved")}
        </p>
      ) : null}
      {state.state === "open" ? (
        <p>
          {`${t("corrections.until", { date: state.closesAt })} `}
          <Link to={`/tickets/${encodeURIComponent(token)}/details`} className={link}>
            {t("corrections.link")}
          </Link>
        </p>
      ) : (
        <p>
          <CorrectionsClosed state={state} />
        </p>
      )}
    </section>
  );
}

/** Why the details can no longer be corrected here, and whom to contact. */
export function CorrectionsClosed({ state }: { state: Exclude<CorrectionsState, { state: "open" }> }) {
  const { t } = useTranslation("public");
  return state.state === "closed"
    ? t("corrections.closed", { date: state.closedAt, contact: contactText(state.contact) })
    : t("corrections.locked", { contact: contactText(state.contact) });
}
