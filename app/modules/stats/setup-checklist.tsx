import { Link } from "react-router";
import { FOCUS_RING } from "~/ui/styles";
import type { SetupChecklist as Checklist, SetupStep } from "./setup-checklist.server";

// The dashboard's set-up list for a new site: each step, whether it is done (ticked by the site
// itself), and where to do it. Shown until every step is done; steps done on the server's side
// (SMTP, SMS, the door account) say what to ask of whoever runs it.

const STEPS: Record<SetupStep, { title: string; how: React.ReactNode; href?: string; action?: string }> = {
  settings: {
    title: "Event settings",
    how: "The event's name, date, hours, venue and contacts. Until they are saved once, the public site only says “coming soon”.",
    href: "/admin/settings",
    action: "Open Event Settings",
  },
  hosts: {
    title: "Organisers and hosts",
    how: "Add the Chief Host and the Host (and a Chairman, if there is one) as speakers of those types: they show under Organizers.",
    href: "/admin/speakers/new",
    action: "Add a host",
  },
  speakers: { title: "Speakers", how: "The keynote speakers, panelists and moderators.", href: "/admin/speakers", action: "Open Speakers" },
  agenda: { title: "Agenda", how: "The day's programme, item by item.", href: "/admin/agenda", action: "Open Agenda" },
  partners: { title: "Partners", how: "The partners' names and logos.", href: "/admin/partners", action: "Open Partners" },
  door: {
    title: "A door account",
    how: (
      <>
        An account for the volunteers at the door, which opens the check-in screen and nothing else. Whoever runs the server creates it:{" "}
        <code className="break-all">npm run admin -- add door@example.org --name "Door Team" --role checkin</code>
      </>
    ),
  },
  mail: {
    title: "E-mail delivery",
    how: (
      <>
        Tickets go out by e-mail once the server has an SMTP server: <code>SMTP_URL</code> (docs/OPERATORS.md, “Configuration”).
      </>
    ),
  },
  sms: {
    title: "SMS",
    how: (
      <>
        Tickets and reminders by SMS, and registration by USSD, need a provider: <code>SMS_PROVIDER</code> (docs/OPERATORS.md, “SMS”).
      </>
    ),
  },
  twoFactor: {
    title: "Two-factor sign-in",
    how: "A code from your phone at every sign-in, so a guessed or stolen password is not enough.",
    href: "/admin/security",
    action: "Turn it on",
  },
  testRegistration: {
    title: "A test registration",
    how: "Register once yourself, as a young person would, and check the ticket e-mail. Delete it afterwards if you like.",
    href: "/register",
    action: "Open the registration page",
  },
};

export function SetupChecklistCard({ checklist }: { checklist: Checklist }) {
  if (checklist.done === checklist.total) return null;
  return (
    <section
      aria-labelledby="setup-heading"
      className="mb-6 rounded-2xl border border-brand-200 bg-white p-4 shadow-sm sm:p-6"
      data-setup-checklist=""
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-heading" className="text-lg font-semibold text-gray-900">
          Get the site ready
        </h2>
        <p className="text-sm text-gray-600">
          {checklist.done} of {checklist.total} done
        </p>
      </div>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${(100 * checklist.done) / checklist.total}%` }} />
      </div>
      <ol className="mt-4 divide-y divide-gray-100">
        {checklist.steps.map(({ step, done }) => {
          const { title, how, href, action } = STEPS[step];
          return (
            <li key={step} className="flex gap-3 py-3" data-step={step} data-done={done ? "true" : "false"}>
              <span
                aria-hidden="true"
                className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                  done ? "bg-brand-600 text-white" : "border-2 border-gray-300 text-transparent"
                }`}
              >
                ✓
              </span>
              <div className="min-w-0 flex-1">
                <p className={`font-semibold ${done ? "text-gray-500" : "text-gray-900"}`}>
                  {title} <span className="sr-only">{done ? "(done)" : "(to do)"}</span>
                </p>
                {done ? null : (
                  <>
                    <p className="mt-0.5 text-sm text-gray-600">{how}</p>
                    {href && action ? (
                      <Link
                        to={href}
                        className={`mt-1 inline-block text-sm font-semibold text-brand-700 underline underline-offset-2 ${FOCUS_RING}`}
                      >
                        {action}
                      </Link>
                    ) : null}
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
