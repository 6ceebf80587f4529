import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { formatNumber } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { translateMessage } from "~/i18n/message-key";
import { CardLanguageSwitch } from "~/ui/language-switch";
import { BUTTON } from "~/ui/styles";
import { OFFER_MESSAGES } from "./messages";

// A person's waitlist page, in their language: their place, the offer with Claim and Decline,
// or what became of it. Every button is a plain form post (waitlistPageAction).

type WaitlistStatus = "waiting" | "offered" | "claimed" | "expired" | "declined";

type View = {
  name: string;
  email: string | null;
  phone: string;
  status: WaitlistStatus;
  position: number | null;
  /** the offer's deadline, written by the server in the reader's language and West Africa Time */
  deadline: string | null;
  ticketHref: string | null;
  confirm: "decline" | "leave" | null;
};

/** `event.date`: the date as the server wrote it in the reader's language. */
type Page = { event: { name: string; date: string; time: string; venue: string }; left: boolean; view: View | null };

const pageHref = (token: string) => `/waitlist/${encodeURIComponent(token)}`;

export function WaitlistPageView({ page, error, token }: { page: Page; error?: string; token: string }) {
  const { t } = useTranslation();
  const { event, left, view } = page;
  return (
    <main className="min-h-screen bg-gray-50 px-4 py-8 sm:py-12">
      <CardLanguageSwitch />
      <article aria-labelledby="waitlist-title" className="mx-auto max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
        <p className="text-xs font-semibold uppercase tracking-widest text-gray-500">{event.name}</p>
        <p className="mt-1 text-sm text-gray-600">{`${event.date} · ${event.time} · ${event.venue}`}</p>
        {left || !view ? (
          <>
            <Heading>{t("waitlistPage.leftTitle")}</Heading>
            <p className="mt-3 text-gray-700">{translateMessage(t, OFFER_MESSAGES.left)}</p>
          </>
        ) : (
          <WaitlistState view={view} token={token} />
        )}
        {error ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {translateMessage(t, error)}
          </p>
        ) : null}
        <p className="mt-6 text-sm">
          <Link to="/" className="font-semibold text-brand-700 underline">
            {t("waitlistPage.home")}
          </Link>
        </p>
      </article>
    </main>
  );
}

function Heading({ children }: { children: React.ReactNode }) {
  return (
    <h1 id="waitlist-title" className="mt-4 text-2xl font-bold text-gray-900">
      {children}
    </h1>
  );
}

function WaitlistState({ view, token }: { view: View; token: string }) {
  const busy = useNavigation().state === "submitting";
  const { t, i18n } = useTranslation();
  const language = languageOr(i18n.language);
  if (view.confirm === "decline" && view.status === "offered") {
    return (
      <ConfirmStep
        heading={t("waitlistPage.declineTitle")}
        text={t("waitlistPage.declineText", { name: view.name })}
        intent="decline"
        label={t("waitlistPage.declineConfirm")}
        token={token}
        busy={busy}
      />
    );
  }
  if (view.confirm === "leave" && (view.status === "waiting" || view.status === "offered")) {
    return (
      <ConfirmStep
        heading={t("waitlistPage.leaveTitle")}
        text={t("waitlistPage.leaveText", { name: view.name })}
        intent="leave"
        label={t("waitlistPage.leaveConfirm")}
        token={token}
        busy={busy}
      />
    );
  }
  switch (view.status) {
    case "offered":
      return (
        <>
          <Heading>{t("waitlistPage.offeredTitle")}</Heading>
          <p className="mt-3 text-gray-700">
            {t("waitlistPage.offeredText", {
              name: view.name,
              deadline: view.deadline ?? "",
            })}
          </p>
          <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
            <button type="submit" name="intent" value="claim" disabled={busy} className={`${BUTTON.primary} py-3 text-base`}>
              {busy ? t("waitlistPage.claiming") : t("waitlistPage.claim")}
            </button>
            <Link to={`${pageHref(token)}?confirm=decline`} className={BUTTON.secondary}>
              {t("waitlistPage.decline")}
            </Link>
          </Form>
        </>
      );
    case "waiting":
      return (
        <>
          <Heading>{t("waitlistJoined.title")}</Heading>
          <p className="mt-4 text-5xl font-extrabold text-green-800" data-testid="waitlist-position">
            {`#${view.position === null ? "?" : formatNumber(language, view.position)}`}
          </p>
          <p className="text-sm text-gray-600">{t("waitlistJoined.place")}</p>
          <p className="mt-4 text-gray-700">
            {view.email === null
              ? t("waitlistPage.waitingTextSms", { name: view.name, phone: view.phone })
              : t("waitlistPage.waitingText", { name: view.name, email: view.email })}
          </p>
          <p className="mt-6">
            <Link to={`${pageHref(token)}?confirm=leave`} className="text-sm font-semibold text-red-700 underline">
              {t("waitlistPage.leave")}
            </Link>
          </p>
        </>
      );
    case "claimed":
      return (
        <>
          <Heading>{t("confirm.confirmedTitle")}</Heading>
          <p className="mt-3 text-gray-700">{translateMessage(t, OFFER_MESSAGES.claimed)}</p>
          {view.ticketHref ? (
            <Link to={view.ticketHref} className={`${BUTTON.primary} mt-6`}>
              {t("confirm.viewTicket")}
            </Link>
          ) : null}
        </>
      );
    default:
      return (
        <>
          <Heading>{view.status === "expired" ? t("waitlistPage.expiredTitle") : t("waitlistPage.declinedTitle")}</Heading>
          <p className="mt-3 text-gray-700">{translateMessage(t, OFFER_MESSAGES[view.status])}</p>
          <p className="mt-3 text-gray-700">{t("waitlistPage.anew")}</p>
          <Link to="/register" className={`${BUTTON.secondary} mt-6`}>
            {t("waitlistPage.toRegistration")}
          </Link>
        </>
      );
  }
}

/** The second step before letting a seat or a place go: what happens, the button, and Back. */
function ConfirmStep(props: { heading: string; text: string; intent: string; label: string; token: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Heading>{props.heading}</Heading>
      <p className="mt-3 text-gray-700">{props.text}</p>
      <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="submit" name="intent" value={props.intent} disabled={props.busy} className={BUTTON.danger}>
          {props.label}
        </button>
        <Link to={pageHref(props.token)} className={BUTTON.secondary}>
          {t("waitlistPage.back")}
        </Link>
      </Form>
    </>
  );
}
