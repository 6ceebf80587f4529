import { getDb } from "~/db/db.server";
import { PRIVACY_NOTICE, privacyNoticeFacts } from "~/modules/registration/privacy-notice";
import { requestSettings } from "~/modules/settings/request-settings.server";
import { BackHeader } from "~/ui/back-header";
import { daysLabel } from "~/ui/date-time";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Privacy Notice — ${data?.eventName ?? "Youth Summit"}` },
  { name: "description", content: "How we collect, use and protect your registration data under the Nigeria Data Protection Act 2023." },
];

export async function loader({ context }: Route.LoaderArgs) {
  return privacyNoticeFacts(await requestSettings(context, await getDb()));
}

const heading = "mt-8 text-xl font-semibold text-gray-900";

// The notice the NDPA 2023 asks for at the point of collection: who is responsible, what,
// why, who receives it, how long, the data subject's rights and how to use them, whom to
// contact. Everything an organiser sets (controller, contact, retention) comes from Event
// Settings, so the notice says what the site actually does. Plain HTML: no script needed.
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { eventName, controller, email, phone, retentionDays } = loaderData;
  const contact = (
    <a href={`mailto:${email}`} className="font-medium text-brand-700 underline">
      {email}
    </a>
  );
  return (
    <div className="min-h-screen bg-white">
      <BackHeader to="/register">Back to registration</BackHeader>
      <main className="mx-auto max-w-3xl px-4 py-10 leading-relaxed text-gray-800">
        <h1 className="text-3xl font-bold text-gray-900">Privacy Notice</h1>
        <p className="mt-2 text-sm text-gray-500">
          {`${eventName} · Nigeria Data Protection Act 2023 · Version ${PRIVACY_NOTICE.version}, ${PRIVACY_NOTICE.dateLabel}`}
        </p>

        <h2 className={heading}>Who we are</h2>
        <p className="mt-2">
          The {eventName} is organised by {controller}. We are the data controller for the details you give us when you register or join the
          waitlist.
        </p>

        <h2 className={heading}>What we collect</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>Your full name, e-mail address, phone number and gender.</li>
          <li>Optionally: your organization, position, state of residence, local government and why you want to attend.</li>
          <li>The time you gave your consent, your ticket ID and, on event day, when you checked in.</li>
          <li>
            If the event is fully booked and you join the waitlist, you give the same details; we also keep your place in line and any seat
            we offer you.
          </li>
        </ul>

        <h2 className={heading}>Why we collect it</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>To register you, send your ticket and event reminders, and admit you at the door.</li>
          <li>To offer you a seat that becomes free, in the order people joined the waitlist.</li>
          <li>To plan the event (seating, catering) and report anonymous totals such as the number of participants per state.</li>
        </ul>
        <p className="mt-2">
          Our legal basis is your consent, which you give when you register. We do not sell your data or use it for advertising.
        </p>

        <h2 className={heading}>Who receives it</h2>
        <p className="mt-2">
          Only the organisers' staff, and two service providers who process it on our behalf: the host of this website and its database, and
          the e-mail provider that delivers your ticket, reminders and other messages (it receives your name, e-mail address, ticket and the
          messages we send you). Door volunteers see your name, organisation and state when they check you in.
        </p>

        <h2 className={heading}>How long we keep it</h2>
        <p className="mt-2">
          Your registration, the waitlist and the record of e-mails we sent are deleted {daysLabel(retentionDays)} after the event. Waitlist
          details are kept while you wait and until an offer of a seat is decided, then deleted with the rest. What remains are anonymous
          totals (such as how many people came from each state), which no longer say anything about you.
        </p>

        <h2 className={heading}>Your rights</h2>
        <p className="mt-2">
          You may ask for a copy of your data, ask us to correct it, withdraw your consent, or ask us to erase your registration at any time
          (the right to erasure). Withdrawing consent does not affect processing already done. You may also complain to the Nigeria Data
          Protection Commission.
        </p>
        <p className="mt-2">How to use them:</p>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>
            On your ticket page (the link in your ticket e-mail): "Download my data" gives you everything we store about you, "Delete my
            data" erases it at once, and "Cancel my registration" gives your seat back.
          </li>
          <li>Or write to {contact}, also if you are on the waitlist or want something corrected.</li>
        </ul>

        <h2 className={heading}>Young people</h2>
        <p className="mt-2">
          If you are under 18, please register only with the consent of your parent or guardian. They can contact us to exercise your rights
          on your behalf.
        </p>

        <h2 className={heading}>Contact</h2>
        <p className="mt-2">
          Write to {contact}
          {phone ? ` or call ${phone}` : ""}. We answer requests within 30 days.
        </p>
      </main>
    </div>
  );
}
