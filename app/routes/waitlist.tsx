import { data, Form, Link, redirect, useNavigation } from "react-router";
import { getConfig } from "~/config.server";
import { getDb } from "~/db/db.server";
import { invalidatePublicContent } from "~/modules/content/public-content.server";
import { notifyOutbox } from "~/modules/mail/outbox-worker.server";
import { formatEventDate } from "~/modules/settings/event-time";
import { getSettings } from "~/modules/settings/settings.server";
import { OFFER_MESSAGES } from "~/modules/waitlist/messages";
import { claimOffer, declineOffer, leaveWaitlist, waitlistEntryByToken } from "~/modules/waitlist/offers.server";
import { displayDateTime } from "~/ui/date-time";
import { readForm } from "~/ui/read-form.server";
import { BUTTON } from "~/ui/styles";
import type { Route } from "./+types/waitlist";

// /waitlist/<token>: a person's place on the waitlist, from the link in their e-mails. While
// waiting it shows the place in line; with an offer, Claim and Decline; after, what happened.
// Declining and leaving ask once more (?confirm=…). Plain GET and POST, no JavaScript needed.

const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
const pageHref = (token: string) => `/waitlist/${encodeURIComponent(token)}`;

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = await getDb();
  const url = new URL(request.url);
  const found = await waitlistEntryByToken(db, params.token, getConfig().sessionSecret);
  const settings = await getSettings(db);
  const event = { name: settings.event_name, date: formatEventDate(settings.event_date), time: settings.event_time, venue: settings.venue };
  if (!found) {
    // The entry is gone once its person left: say so on the page they were sent to.
    if (url.searchParams.get("left") === "1") return data({ event, left: true as const, view: null }, { headers: PRIVATE_HEADERS });
    throw data("Not Found", { status: 404 });
  }
  const { entry, position, ticketToken } = found;
  const confirm = url.searchParams.get("confirm");
  return data(
    {
      event,
      left: false as const,
      view: {
        name: entry.full_name,
        email: entry.email,
        status: entry.status,
        position,
        deadline: entry.offer_expires_at ? `${displayDateTime(entry.offer_expires_at)} (West Africa Time)` : null,
        ticketHref: ticketToken ? `/tickets/${encodeURIComponent(ticketToken)}` : null,
        confirm: confirm === "decline" || confirm === "leave" ? confirm : null,
      },
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ params, request }: Route.ActionArgs) {
  const intent = (await readForm(request)).get("intent");
  const db = await getDb();
  const keys = { secret: getConfig().sessionSecret };
  if (intent === "claim") {
    const outcome = await claimOffer(db, params.token, keys);
    if (outcome.status === "invalid") throw data("Not Found", { status: 404 });
    notifyOutbox();
    if (outcome.status === "claimed") {
      invalidatePublicContent();
      return redirect(`/tickets/${encodeURIComponent(outcome.ticketToken)}?claimed=1`);
    }
    return data({ error: OFFER_MESSAGES[outcome.status] }, { status: 409 });
  }
  if (intent === "decline" || intent === "leave") {
    const outcome = intent === "decline" ? await declineOffer(db, params.token, keys) : await leaveWaitlist(db, params.token, keys);
    if (outcome === "invalid") throw data("Not Found", { status: 404 });
    notifyOutbox();
    return redirect(outcome === "left" ? `${pageHref(params.token)}?left=1` : pageHref(params.token));
  }
  throw data("Bad Request", { status: 400 });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `My place on the waitlist — ${page?.event.name ?? "Youth Summit"}` },
  { name: "robots", content: "noindex" },
];

type View = NonNullable<Route.ComponentProps["loaderData"]["view"]>;

export default function WaitlistPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { event, left, view } = loaderData;
  return (
    <main className="min-h-screen bg-gray-50 px-4 py-8 sm:py-12">
      <article aria-labelledby="waitlist-title" className="mx-auto max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
        <p className="text-xs font-semibold uppercase tracking-widest text-gray-500">{event.name}</p>
        <p className="mt-1 text-sm text-gray-600">{`${event.date} · ${event.time} · ${event.venue}`}</p>
        {left || !view ? (
          <>
            <h1 id="waitlist-title" className="mt-4 text-2xl font-bold text-gray-900">
              You have left the waitlist
            </h1>
            <p className="mt-3 text-gray-700">{OFFER_MESSAGES.left}</p>
          </>
        ) : (
          <WaitlistState view={view} token={params.token} />
        )}
        {actionData?.error ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {actionData.error}
          </p>
        ) : null}
        <p className="mt-6 text-sm">
          <Link to="/" className="font-semibold text-brand-700 underline">
            Event home page
          </Link>
        </p>
      </article>
    </main>
  );
}

function WaitlistState({ view, token }: { view: View; token: string }) {
  const busy = useNavigation().state === "submitting";
  const heading = (text: string) => (
    <h1 id="waitlist-title" className="mt-4 text-2xl font-bold text-gray-900">
      {text}
    </h1>
  );
  if (view.confirm === "decline" && view.status === "offered") {
    return (
      <ConfirmStep
        heading={heading("Give your seat to the next person?")}
        text={`${view.name}, the seat offered to you goes to the next person in line, and you leave the waitlist.`}
        intent="decline"
        label="Yes, decline the seat"
        token={token}
        busy={busy}
      />
    );
  }
  if (view.confirm === "leave" && (view.status === "waiting" || view.status === "offered")) {
    return (
      <ConfirmStep
        heading={heading("Leave the waitlist?")}
        text={`${view.name}, you lose your place in line and the details you gave are deleted.`}
        intent="leave"
        label="Yes, leave the waitlist"
        token={token}
        busy={busy}
      />
    );
  }
  switch (view.status) {
    case "offered":
      return (
        <>
          {heading("A seat is free for you")}
          <p className="mt-3 text-gray-700">{`${view.name}, claim it by ${view.deadline}. Your ticket arrives by e-mail straight away.`}</p>
          <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
            <button type="submit" name="intent" value="claim" disabled={busy} className={`${BUTTON.primary} py-3 text-base`}>
              {busy ? "Claiming…" : "Claim my seat"}
            </button>
            <Link to={`${pageHref(token)}?confirm=decline`} className={BUTTON.secondary}>
              No thanks, give it to the next person
            </Link>
          </Form>
        </>
      );
    case "waiting":
      return (
        <>
          {heading("You're on the waitlist")}
          <p className="mt-4 text-5xl font-extrabold text-green-800" data-testid="waitlist-position">{`#${view.position ?? "?"}`}</p>
          <p className="text-sm text-gray-600">your place in line</p>
          <p className="mt-4 text-gray-700">{`${view.name}, when a seat frees up we e-mail an offer to ${view.email}. This page shows your place at any time.`}</p>
          <p className="mt-6">
            <Link to={`${pageHref(token)}?confirm=leave`} className="text-sm font-semibold text-red-700 underline">
              Leave the waitlist
            </Link>
          </p>
        </>
      );
    case "claimed":
      return (
        <>
          {heading("Your seat is confirmed")}
          <p className="mt-3 text-gray-700">{OFFER_MESSAGES.claimed}</p>
          {view.ticketHref ? (
            <Link to={view.ticketHref} className={`${BUTTON.primary} mt-6`}>
              View my ticket
            </Link>
          ) : null}
        </>
      );
    default:
      return (
        <>
          {heading(view.status === "expired" ? "This offer has expired" : "You declined this seat")}
          <p className="mt-3 text-gray-700">{OFFER_MESSAGES[view.status]}</p>
          <p className="mt-3 text-gray-700">If seats open again, you can register or join the waitlist anew.</p>
          <Link to="/register" className={`${BUTTON.secondary} mt-6`}>
            Go to registration
          </Link>
        </>
      );
  }
}

/** The second step before letting a seat or a place go: what happens, the button, and Back. */
function ConfirmStep(props: { heading: React.ReactNode; text: string; intent: string; label: string; token: string; busy: boolean }) {
  return (
    <>
      {props.heading}
      <p className="mt-3 text-gray-700">{props.text}</p>
      <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="submit" name="intent" value={props.intent} disabled={props.busy} className={BUTTON.danger}>
          {props.label}
        </button>
        <Link to={pageHref(props.token)} className={BUTTON.secondary}>
          Back
        </Link>
      </Form>
    </>
  );
}
