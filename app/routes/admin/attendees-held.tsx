import { data, Form, Link, useNavigate } from "react-router";
import * as z from "zod";
import { AttendeeViews } from "~/modules/attendees/attendee-views";
import { attendeeViewCounts } from "~/modules/attendees/attendee-views.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { notifyOutbox } from "~/modules/mail/outbox-worker.server";
import { confirmHeldInBulk, deleteHeldInBulk, heldIdsOfSurge, listHeld, recentSurges } from "~/modules/registration/held.server";
import { HELD_VIEW, SurgeNotice, surgeSource } from "~/modules/registration/surge-notice";
import { ticketLinkKeys } from "~/modules/tickets/ticket-link.server";
import { joinWaitlistIn } from "~/modules/waitlist/waitlist.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { DataTable } from "~/ui/data-table";
import { DateTime } from "~/ui/date-time";
import { Pagination } from "~/ui/pagination";
import { readForm } from "~/ui/read-form.server";
import { BUTTON } from "~/ui/styles";
import { redirectWithToast } from "~/ui/toast.server";
import type { Route } from "./+types/attendees-held";

// /admin/attendees/held, "Suspicious registrations": what was held during a booking attack,
// by surge. Organisers confirm a real group in bulk (a school behind one address) or delete a
// script's in bulk; both ask first and go to the Activity log. Plain forms: no JavaScript needed.
export const handle = { title: "Suspicious registrations" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const surgeId = z.uuid().safeParse(url.searchParams.get("surge")).data;
  const [list, views, surges] = await Promise.all([
    listHeld(db, { page, surgeId }),
    attendeeViewCounts(db),
    recentSurges(db, { hours: 24 * 7 }),
  ]);
  return { ...list, views, surges, surgeId: surgeId ?? null };
}

const ids = z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]), z.array(z.uuid()).max(1_000));
const actionSchema = z.object({
  intent: z.enum(["review-confirm", "review-delete", "confirm", "delete"]),
  id: ids,
  surge: z.uuid().optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  const form = await readForm(request);
  const parsed = actionSchema.safeParse({
    intent: form.get("intent"),
    id: form.getAll("id").filter(Boolean),
    surge: form.get("surge") || undefined,
  });
  if (!parsed.success) return data({ review: null, error: "Choose the registrations first." }, { status: 400 });
  const { intent, surge } = parsed.data;
  const chosen = surge ? await heldIdsOfSurge(db, surge) : parsed.data.id;
  if (chosen.length === 0) return data({ review: null, error: "Choose the registrations first." }, { status: 400 });
  if (intent === "review-confirm" || intent === "review-delete") {
    return { review: { verb: intent === "review-confirm" ? ("confirm" as const) : ("delete" as const), ids: chosen }, error: null };
  }
  if (intent === "delete") {
    const gone = await deleteHeldInBulk(db, admin, chosen);
    return redirectWithToast(
      HELD_VIEW,
      "success",
      `${gone.toLocaleString("en-US")} held ${gone === 1 ? "registration" : "registrations"} deleted.`,
    );
  }
  const { secret } = ticketLinkKeys();
  const tally = await confirmHeldInBulk(db, admin, chosen, {
    secret,
    whenFull: async (tx, input, now) => {
      const joined = await joinWaitlistIn(tx, input, { secret, now });
      return joined.ok ? { ok: true as const, position: joined.position } : { ok: false as const, message: joined.message };
    },
  });
  notifyOutbox();
  const parts = [`${tally.registered} registered`, ...(tally.waitlisted ? [`${tally.waitlisted} put on the waitlist`] : [])];
  if (tally.refused) parts.push(`${tally.refused} not possible (already registered, or registration closed)`);
  return redirectWithToast(HELD_VIEW, tally.refused ? "error" : "success", `Confirmed: ${parts.join(", ")}.`);
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function HeldRegistrations({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, views, surges, surgeId } = loaderData;
  const navigate = useNavigate();
  const surge = surges.find((s) => s.id === surgeId);
  const here = surgeId ? `${HELD_VIEW}?surge=${surgeId}` : HELD_VIEW;
  const review = actionData?.review;
  return (
    <div className="space-y-4">
      <AttendeeViews counts={views} current="held" />
      <SurgeNotice surges={surges.filter((s) => s.ongoing)} />
      <p className="text-sm text-gray-600">
        {`${total.toLocaleString("en-US")} held ${total === 1 ? "registration" : "registrations"}${surge ? ` from ${surgeSource(surge)}` : ""}. They take no seat until the person confirms from their e-mail, and are deleted if nobody does. Confirm a group you know is real; delete what a script sent.`}
      </p>
      {surges.length > 0 ? (
        <nav aria-label="Surges" className="flex flex-wrap gap-2 text-sm">
          <Link to={HELD_VIEW} className={surgeId ? BUTTON.secondary : BUTTON.primary}>
            All
          </Link>
          {surges.map((s) => (
            <Link key={s.id} to={`${HELD_VIEW}?surge=${s.id}`} className={s.id === surgeId ? BUTTON.primary : BUTTON.secondary}>
              {`${surgeSource(s)} · ${s.waiting.toLocaleString("en-US")}`}
            </Link>
          ))}
        </nav>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="space-y-3">
        <DataTable<Row>
          rows={rows}
          rowKey={(row) => row.id}
          empty="Nothing is held. Registrations are held only while they arrive faster than people do."
          columns={[
            {
              header: <span className="sr-only">Choose</span>,
              cell: (row) => <input type="checkbox" name="id" value={row.id} aria-label={`Choose ${row.full_name}`} className="size-4" />,
              className: "px-2.5 py-3",
            },
            { header: "Name", cell: (row) => row.full_name, className: "px-2.5 py-3 font-medium" },
            { header: "Email", cell: (row) => row.email, className: "px-2.5 py-3 break-all" },
            { header: "Organization", cell: (row) => row.organization || "N/A", className: "px-2.5 py-3" },
            {
              header: "Held because of",
              cell: (row) => surgeSource({ reason: row.hold_reason, source: row.source }),
              className: "px-2.5 py-3 break-all",
            },
            { header: "Held at", cell: (row) => <DateTime value={row.created_at} />, className: "px-2.5 py-3" },
          ]}
        />
        {rows.length > 0 ? (
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="review-confirm" className={BUTTON.primary}>
              Confirm selected
            </button>
            <button type="submit" name="intent" value="review-delete" className={BUTTON.danger}>
              Delete selected
            </button>
          </div>
        ) : null}
      </Form>
      {surge && surge.waiting > 0 ? (
        <Form method="post" className="flex flex-wrap gap-3">
          <input type="hidden" name="surge" value={surge.id} />
          <button type="submit" name="intent" value="review-confirm" className={BUTTON.secondary}>
            {`Confirm all ${surge.waiting.toLocaleString("en-US")} of this surge`}
          </button>
          <button type="submit" name="intent" value="review-delete" className={BUTTON.secondary}>
            {`Delete all ${surge.waiting.toLocaleString("en-US")} of this surge`}
          </button>
        </Form>
      ) : null}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `${here}${surgeId ? "&" : "?"}page=${p}`} />
      {review ? (
        <ConfirmDialog
          title={review.verb === "confirm" ? "Confirm these registrations?" : "Delete these registrations?"}
          message={
            review.verb === "confirm"
              ? `${review.ids.length.toLocaleString("en-US")} held ${review.ids.length === 1 ? "registration gets" : "registrations get"} a seat and a ticket by e-mail now (or a place on the waitlist when the seats are gone).`
              : `${review.ids.length.toLocaleString("en-US")} held ${review.ids.length === 1 ? "registration is" : "registrations are"} deleted with their details. This cannot be undone.`
          }
          id=""
          values={review.ids.map((value) => ({ name: "id", value }))}
          action={here}
          cancelHref={here}
          onClose={() => navigate(here, { replace: true, preventScrollReset: true })}
          intent={review.verb}
          confirmLabel={review.verb === "confirm" ? "Confirm" : "Delete"}
          pendingLabel={review.verb === "confirm" ? "Confirming…" : "Deleting…"}
          tone={review.verb === "confirm" ? "primary" : "danger"}
        />
      ) : null}
    </div>
  );
}
