import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { formatNumber } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { translateMessage } from "~/i18n/message-key";
import { LanguageSwitch } from "~/ui/language-switch";
import { BUTTON } from "~/ui/styles";
import { useHydrated } from "~/ui/use-hydrated";
import { doorDevice, doorName } from "./offline/door-identity";
import { useOfflineDoor } from "./offline/use-offline-door";
import { type DoorWalkInAnswer, rememberWalkInPage } from "./offline/walk-in-offline";

// The door's "Register a walk-in", on a volunteer's phone: the seats left first, then the
// person's details (the registration form's fields, the e-mail address optional), the consent
// read out, and one button that registers and checks in. The answer replaces the form: the ticket
// ID and its QR code (for lunch and the kits), or why not, with what was typed kept. Without
// JavaScript it is the same plain form. With the server out of reach, the phone registers them
// on one of the seats the server set aside for it (offline/walk-in-offline.ts), and says so.

type Page = { seats: { left: number; kept: number }; sms: { offered: boolean; ticked: boolean }; whatsapp: boolean; offline?: true };
type WalkInAnswer = DoorWalkInAnswer;

/** The person's fields (the route passes the registration form's, person/details-fields.tsx). */
type DetailsFieldsComponent = (props: {
  values: Record<string, string>;
  errors: Record<string, readonly string[] | undefined>;
  withEmail: boolean;
  emailRequired: boolean;
  placeRequired: boolean;
}) => React.ReactNode;

const CARD = "rounded-2xl border-2 p-4";

export function WalkInScreen({
  page,
  answer,
  DetailsFields,
}: {
  page: Page;
  answer: WalkInAnswer | undefined;
  DetailsFields: DetailsFieldsComponent;
}) {
  const { t, i18n } = useTranslation("door");
  const number = (value: number) => formatNumber(languageOr(i18n.language), value);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/check-in/walk-in");
  // The form's own id (with JavaScript): sent twice after a dropped answer, it registers once; a
  // new form (another walk-in, the page opened again) has a new one.
  const { key } = useLocation();
  const [form, setForm] = useState({ key: "", clientId: "" });
  useEffect(() => setForm({ key, clientId: crypto.randomUUID() }), [key]);
  const { clientId } = form;
  // The phone's copy of the door's list and its seats for walk-ins, kept fresh while online.
  useOfflineDoor();
  useEffect(() => rememberWalkInPage(page), [page]);
  const full = page.seats.left <= 0;

  if (answer?.kind === "admitted") return <Admitted answer={answer} />;
  const values = answer?.values ?? { sms: page.sms.offered && page.sms.ticked ? "on" : "" };
  const errors = answer?.kind === "invalid" ? answer.errors : {};
  return (
    <div className="mx-auto max-w-xl space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Link to="/admin/check-in" className="font-medium text-brand-800 underline">
          {t("walkIn.back")}
        </Link>
        <LanguageSwitch className="text-gray-700" />
      </div>
      <p className={full ? "font-semibold text-red-800" : "text-gray-700"} aria-live="polite" data-testid="walk-in-seats">
        {page.offline
          ? full
            ? t("walkIn.offlineNoSeats")
            : t("walkIn.offlineSeats", { count: page.seats.left, n: number(page.seats.left) })
          : full
            ? t("walkIn.hallFull")
            : t("walkIn.seatsLeft", { count: page.seats.left, n: number(page.seats.left) })}
      </p>

      {answer && answer.kind !== "invalid" ? <Refusal answer={answer} /> : null}

      <Form method="post" action="/admin/check-in/walk-in" className="space-y-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
        {hydrated ? (
          <>
            <input type="hidden" name="door" value={doorName()} />
            <input type="hidden" name="device" value={doorDevice()} />
            <input type="hidden" name="client_id" value={clientId} />
          </>
        ) : null}
        <DetailsFields values={values} errors={translated(errors)} withEmail emailRequired={false} placeRequired />
        <ConsentBox checked={values.consent === "on"} error={errors.consent?.[0]} />
        {page.sms.offered ? (
          <label className="flex items-start gap-3 text-gray-700">
            <input type="checkbox" name="sms" defaultChecked={values.sms === "on"} className="mt-1 h-5 w-5" />
            <span>{t("walkIn.sms")}</span>
          </label>
        ) : null}
        {page.whatsapp ? (
          // Never ticked for them: asked, and ticked only when they agree (a consent of its own).
          <div>
            <label className="flex items-start gap-3 text-gray-700">
              <input
                type="checkbox"
                name="whatsapp"
                defaultChecked={values.whatsapp === "on"}
                aria-describedby="walk-in-whatsapp-hint"
                className="mt-1 h-5 w-5"
              />
              <span>{t("walkIn.whatsapp")}</span>
            </label>
            <p id="walk-in-whatsapp-hint" className="pl-8 text-gray-600 text-sm">
              {t("walkIn.whatsappHint")}
            </p>
          </div>
        ) : null}
        <p className="text-gray-600 text-sm">{t("walkIn.hint")}</p>
        <button type="submit" disabled={busy || full} className={`${BUTTON.primary} w-full py-3 text-base`}>
          {busy ? t("walkIn.registering") : t("walkIn.submit")}
        </button>
        {answer?.kind === "same-person" && !answer.byEmail ? (
          // The same form again, saying the volunteer has seen who else has this phone.
          <button type="submit" name="someone_else" value="on" disabled={busy} className={`${BUTTON.secondary} w-full py-3`}>
            {t("walkIn.someoneElse")}
          </button>
        ) : null}
      </Form>
    </div>
  );

  function translated(all: Record<string, string[]>) {
    return Object.fromEntries(Object.entries(all).map(([name, messages]) => [name, messages.map((m) => translateMessage(i18n.t, m))]));
  }
}

function ConsentBox({ checked, error }: { checked: boolean; error: string | undefined }) {
  const { t, i18n } = useTranslation("door");
  return (
    <div>
      <label className="flex items-start gap-3 text-gray-700">
        <input
          type="checkbox"
          name="consent"
          required
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "walk-in-consent-error" : undefined}
          className="mt-1 h-5 w-5"
        />
        <span>
          {t("walkIn.consent")}{" "}
          <a href="/privacy" target="_blank" rel="noreferrer" className="text-brand-800 underline">
            {t("walkIn.privacy")}
          </a>
        </span>
      </label>
      {error ? (
        <p id="walk-in-consent-error" className="mt-1 text-red-700 text-sm">
          {translateMessage(i18n.t, error)}
        </p>
      ) : null}
    </div>
  );
}

const REFUSALS = {
  full: "walkIn.full",
  phone: "walkIn.phone",
  failed: "walkIn.failed",
  "no-seats-offline": "walkIn.noSeatsOffline",
  "not-ready": "walkIn.notReady",
} as const;

/** Why the walk-in was not registered: someone with the same address or phone, the hall full, too many on one phone. */
function Refusal({ answer }: { answer: Exclude<WalkInAnswer, { kind: "admitted" | "invalid" }> }) {
  const { t } = useTranslation("door");
  if (answer.kind !== "same-person") {
    return (
      <section role="alert" className={`${CARD} border-red-600 bg-red-50 text-red-900`}>
        <p className="font-semibold">
          {answer.kind === "too-many" ? t("walkIn.tooMany", { count: answer.retryAfter }) : t(REFUSALS[answer.kind])}
        </p>
      </section>
    );
  }
  return (
    <section role="alert" className={`${CARD} border-amber-500 bg-amber-50 text-amber-900`}>
      <p className="font-semibold">{answer.byEmail ? t("walkIn.sameEmail") : t("walkIn.samePhone")}</p>
      <ul className="mt-2 space-y-2">
        {answer.people.map((person) => (
          <li key={person.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-semibold">{person.full_name}</span> <span className="font-mono text-sm">{person.ticket_id}</span>
              {person.checked_in_at ? <span className="block text-sm">{t("walkIn.alreadyIn")}</span> : null}
            </span>
            {/* The door's own check-in by search: its answer card shows on the door. */}
            <Form method="post" action="/admin/check-in">
              <input type="hidden" name="intent" value="attendee" />
              <input type="hidden" name="id" value={person.id} />
              <button type="submit" className={`${BUTTON.primary} py-2.5`}>
                {t("walkIn.admitInstead")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">{answer.byEmail ? t("walkIn.sameEmailHint") : t("walkIn.samePhoneHint")}</p>
    </section>
  );
}

/** Registered and let in: the ticket ID large and its QR code, and how the ticket was sent. */
function Admitted({ answer }: { answer: Extract<WalkInAnswer, { kind: "admitted" }> }) {
  const { t } = useTranslation("door");
  // E-mail and SMS as before; WhatsApp said apart, alone or as "also".
  const others = answer.sentBy.filter((channel) => channel !== "whatsapp");
  const onWhatsApp = answer.sentBy.includes("whatsapp");
  const sent = answer.offline
    ? t("walkIn.sentLater")
    : others.length === 2
      ? t("walkIn.sentBoth")
      : others[0] === "email"
        ? t("walkIn.sentEmail")
        : others[0] === "sms"
          ? t("walkIn.sentSms")
          : onWhatsApp
            ? t("walkIn.sentWhatsApp")
            : t("walkIn.sentNone");
  const alsoWhatsApp = !answer.offline && onWhatsApp && others.length > 0 ? ` ${t("walkIn.alsoWhatsApp")}` : "";
  return (
    <div className="mx-auto max-w-xl space-y-3">
      <section role="status" className={`${CARD} border-brand-600 bg-brand-50 text-brand-900`}>
        <h2 className="font-bold text-xl">{t("walkIn.admitted", { name: answer.attendee.full_name })}</h2>
        <p className="mt-1">{t("walkIn.ticketId")}</p>
        <p className="font-bold font-mono text-2xl tracking-wide">{answer.attendee.ticket_id}</p>
        <div
          role="img"
          aria-label={t("walkIn.qrAlt", { ticketId: answer.attendee.ticket_id })}
          className="mx-auto mt-3 w-48 bg-white p-2"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: markup generated by the qrcode library from our own signed code, no user input inside
          dangerouslySetInnerHTML={{ __html: answer.qr }}
        />
        <p className="mt-3 text-sm">{`${sent}${alsoWhatsApp}`}</p>
      </section>
      <div className="flex flex-col gap-2">
        {/* A fresh form, with a new id of its own (a new location); without a network too. */}
        <Link to="/admin/check-in/walk-in" className={`${BUTTON.primary} py-3 text-base`}>
          {t("walkIn.another")}
        </Link>
        <Link to="/admin/check-in" className={`${BUTTON.secondary} py-3`}>
          {t("walkIn.back")}
        </Link>
      </div>
    </div>
  );
}
