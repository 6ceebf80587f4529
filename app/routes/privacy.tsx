import { getDb } from "~/db/db.server";
import { PRIVACY_NOTICE } from "~/modules/registration/privacy-notice";
import { getSettings } from "~/modules/settings/settings.server";
import { BackHeader } from "~/ui/back-header";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Privacy Notice — ${data?.name ?? "Youth Summit"}` },
  { name: "description", content: "How we collect, use and protect your registration data under the Nigeria Data Protection Act 2023." },
];

export async function loader() {
  const settings = await getSettings(await getDb());
  return { name: settings.event_name, email: settings.contact_email, phone: settings.contact_phone, date: settings.event_date };
}

// The notice the NDPA 2023 asks for at the point of collection: what, why, how long, who to contact, the data subject's rights.
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { name, email, phone } = loaderData;
  return (
    <div className="min-h-screen bg-white">
      <BackHeader to="/register">Back to registration</BackHeader>
      <main className="mx-auto max-w-3xl px-4 py-10 leading-relaxed text-gray-800">
        <h1 className="text-3xl font-bold text-gray-900">Privacy Notice</h1>
        <p className="mt-2 text-sm text-gray-500">
          {`${name} · Nigeria Data Protection Act 2023 · Version ${PRIVACY_NOTICE.version}, ${PRIVACY_NOTICE.dateLabel}`}
        </p>

        <h2 className="mt-8 text-xl font-semibold text-gray-900">Who we are</h2>
        <p className="mt-2">
          The {name} is organised by the State Government's youth office. We are the data controller for the details you give us when you
          register.
        </p>

        <h2 className="mt-8 text-xl font-semibold text-gray-900">What we collect</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>Your full name, e-mail address, phone number and gender.</li>
          <li>Optionally: your organization, position, state of residence, local government and why you want to attend.</li>
          <li>The time you gave your consent, your ticket ID and, on event day, when you checked in.</li>
        </ul>

        <h2 className="mt-8 text-xl font-semibold text-gray-900">Why we collect it</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>To register you, send your ticket and event reminders, and admit you at the door.</li>
          <li>To plan the event (seating, catering) and report anonymous totals such as the number of participants per state.</li>
        </ul>
        <p className="mt-2">
          Our legal basis is your consent, which you give when you register. We do not sell your data or use it for advertising.
        </p>

        <h2 className="mt-8 text-xl font-semibold text-gray-900">Who receives it</h2>
        <p className="mt-2">
          Only the organisers' staff, and two service providers who process it on our behalf: the host of this website and its database, and
          the e-mail provider that delivers your ticket, reminders and other messages (it receives your name, e-mail address and ticket).
          Door volunteers see your name, organisation and state when they check you in.
        </p>

        <h2 className="mt-8 text-xl font-semibold text-gray-900">How long we keep it</h2>
        <p className="mt-2">
          We keep registration data for up to six months after the event to answer questions and prepare the event report, then delete it.
          Anonymous totals may be kept longer.
        </p>

        <h2 className="mt-8 text-xl font-semibold text-gray-900">Your rights</h2>
        <p className="mt-2">
          You may ask for a copy of your data, ask us to correct it, withdraw your consent, or ask us to erase your registration at any time
          (the right to erasure). You can do most of this yourself from your ticket page (the link in your ticket e-mail): "Download my
          data" gives you everything we store about you, "Delete my data" erases it at once, and "Cancel my registration" gives your seat
          back. Withdrawing consent does not affect processing already done. You may also complain to the Nigeria Data Protection
          Commission.
        </p>

        <h2 className="mt-8 text-xl font-semibold text-gray-900">Young people</h2>
        <p className="mt-2">
          If you are under 18, please register only with the consent of your parent or guardian. They can contact us to exercise your rights
          on your behalf.
        </p>

        <h2 className="mt-8 text-xl font-semibold text-gray-900">Contact</h2>
        <p className="mt-2">
          Write to{" "}
          <a href={`mailto:${email}`} className="font-medium text-brand-700 underline">
            {email}
          </a>{" "}
          or call {phone}. We answer requests within 30 days.
        </p>
      </main>
    </div>
  );
}
