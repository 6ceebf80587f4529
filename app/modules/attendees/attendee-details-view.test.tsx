import { renderToString } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, it } from "vitest";
import { AttendeeDetailsView, type DetailsAttendee, type DetailsMail } from "./attendee-details-view";

// The attendee's page as the server renders it: the WhatsApp consent beside the SMS line, and
// each message's channel and how far it got (WhatsApp: sent, delivered, read, or failed with Meta's code).

const AT = "2026-11-20T09:05:00Z";
const ATTENDEE: DetailsAttendee = {
  id: "0f8fad5b-d9cb-469f-a165-70867728950e",
  full_name: "Hauwa Ɗanladi",
  email: null,
  phone: "+2348031234567",
  channel: "whatsapp",
  sms_opt_in: false,
  whatsapp_opt_in: true,
  whatsapp_consent_at: AT,
  whatsapp_consent_version: "7",
  gender: "female",
  organization: "",
  position: "",
  state: "Zamfara",
  local_government: "Gusau",
  reason: "",
  ticket_id: "ZYS-ABC-DEFGHJ",
  consent_at: AT,
  created_at: AT,
};

const mail = (row: Partial<DetailsMail>): DetailsMail => ({
  id: crypto.randomUUID(),
  kind: "ticket",
  subject: "WhatsApp: ticket",
  to_address: "+2348031234567",
  status: "sent",
  attempts: 1,
  last_error: null,
  next_attempt_at: AT,
  created_at: AT,
  sent_at: AT,
  channel: "whatsapp",
  delivered_at: null,
  read_at: null,
  ...row,
});

// The page as the route renders it: its links and forms need a data router.
function Page() {
  const { attendee, mail } = useLoaderData() as { attendee: DetailsAttendee; mail: DetailsMail[] };
  return (
    <AttendeeDetailsView
      attendee={attendee}
      cancelledAt={null}
      checkIn={null}
      mail={mail}
      ticketUrl={null}
      backHref="/admin/attendees"
      action="/admin/attendees/x"
      confirmHref="/admin/attendees/x?delete=x"
      onDelete={() => {}}
    />
  );
}
const Stub = createRoutesStub([{ id: "details", path: "/admin/attendees/:id", Component: Page }]);

function render(attendee: DetailsAttendee, mail: DetailsMail[] = []) {
  return renderToString(
    <Stub initialEntries={[`/admin/attendees/${attendee.id}`]} hydrationData={{ loaderData: { details: { attendee, mail } } }} />,
  )
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("the attendee's WhatsApp", () => {
  it("says when they agreed and under which notice, that they stopped since, or nothing", () => {
    expect(render(ATTENDEE)).toContain("WhatsApp: agreed 20 Nov 2026, 10:05 (privacy notice v7)");
    expect(render(ATTENDEE)).toContain("No e-mail (registered on WhatsApp)");
    expect(render({ ...ATTENDEE, whatsapp_opt_in: false })).toContain(
      "WhatsApp: stopped; had agreed 20 Nov 2026, 10:05 (privacy notice v7)",
    );
    expect(render({ ...ATTENDEE, whatsapp_opt_in: false, whatsapp_consent_at: null, whatsapp_consent_version: "" })).not.toContain(
      "WhatsApp:",
    );
  });

  it("labels WhatsApp messages and shows how far each got, a failure with Meta's words", () => {
    const page = render(ATTENDEE, [
      mail({ status: "pending", attempts: 0, sent_at: null }),
      mail({}),
      mail({ delivered_at: "2026-11-20T09:06:00Z" }),
      mail({ delivered_at: "2026-11-20T09:06:00Z", read_at: "2026-11-20T09:30:00Z" }),
      mail({ status: "failed", last_error: "131026 Message undeliverable; sent by SMS instead" }),
      mail({ channel: "sms", subject: "SMS: ticket", delivered_at: "2026-11-20T09:06:00Z" }),
    ]);
    expect(page).toContain("Queued WhatsApp: Ticket");
    expect(page).toContain("Sent WhatsApp: Ticket");
    expect(page).toContain("Delivered 20 Nov 2026, 10:06 WhatsApp: Ticket");
    expect(page).toContain("Read 20 Nov 2026, 10:30 WhatsApp: Ticket");
    expect(page).toContain("Failed WhatsApp: Ticket");
    expect(page).toContain("Error: 131026 Message undeliverable; sent by SMS instead");
    // An SMS keeps its one word.
    expect(page).toContain("Delivered SMS: Ticket");
  });
});
