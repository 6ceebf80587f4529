import { Link } from "react-router";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { BUTTON } from "~/ui/styles";
import type { OperationsOverview } from "./operations.server";

// "Invite Past Attendees" on Event Operations: the current edition's announcement to everyone
// who asked to hear about future editions, once per person per edition (invitations module).

type Invitations = OperationsOverview["invitations"];

const n = (value: number) => value.toLocaleString("en-US");
const people = (count: number) => `${n(count)} ${count === 1 ? "person" : "people"}`;

/** Where the current edition's invitations stand. */
export function InvitationsLine({ invitations }: { invitations: Invitations }) {
  const { optedIn, progress } = invitations;
  const more = [progress.queued > 0 ? `${n(progress.queued)} queued` : "", progress.failed > 0 ? `${n(progress.failed)} failed` : ""]
    .filter(Boolean)
    .join(", ");
  return (
    <p className="mt-1 text-sm text-gray-700" data-testid="invitation-progress" aria-live="polite">
      {`Invitations: ${n(progress.sent)} sent of ${n(optedIn)} opted in${more ? ` (${more})` : ""}`}
    </p>
  );
}

/** Opens the confirmation: in place with JavaScript, as ?confirm=invitations without. */
export function InviteButton({ page, onOpen }: { page: string; onOpen: () => void }) {
  return (
    <Link
      to={`${page}?confirm=invitations`}
      preventScrollReset
      className={BUTTON.secondary}
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
    >
      Invite Past Attendees
    </Link>
  );
}

/** The confirmation before sending: how many will be invited, and that each gets it once. */
export function InviteDialog({ invitations, page, onClose }: { invitations: Invitations; page: string; onClose: () => void }) {
  const { toInvite, edition } = invitations;
  return (
    <ConfirmDialog
      title="Invite Past Attendees"
      message={
        toInvite > 0
          ? `Send the announcement of the ${edition} to ${people(toInvite)} who asked to hear about future editions?`
          : "Nobody is left to invite: everyone who asked to hear about future editions has this edition's invitation or is registered."
      }
      note="Each person gets it once per edition, in their language, with a link to stop these e-mails. People already registered or on the waitlist for this edition are left out."
      id="invitations"
      action={page}
      cancelHref={page}
      onClose={onClose}
      intent="invite-past-attendees"
      confirmLabel="Invite Past Attendees"
      pendingLabel="Sending…"
      tone="primary"
    />
  );
}
