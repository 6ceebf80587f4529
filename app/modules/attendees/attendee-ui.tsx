import { createContext, use } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { FOCUS_RING } from "~/modules/auth/admin-nav";
import { LINE_ICON, Svg } from "~/ui/icons";
import { Modal } from "~/ui/modal";
import { GENDER_LABELS, type Gender } from "./schemas";

// Small pieces shared by the attendee list and the detail page.

type IconProps = { className?: string };

// Row-action icons are a size smaller than the shared default.
const Small = ({ className = "h-4 w-4", children }: IconProps & { children: React.ReactNode }) => (
  <Svg className={className}>{children}</Svg>
);

// The attendee list repeats its three action icons in every row, twice (table and cards):
// inside the list they are drawn from one sprite (<use>), which keeps ~1.4 KB of SVG
// per row out of the page. Elsewhere (the detail page) they are inline as usual.
const ROW_ICONS = {
  send: (
    <>
      <path d="m22 2-7 20-4-9-9-4Z" />
      <path d="M22 2 11 13" />
    </>
  ),
  eye: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  trash: (
    <>
      <path d="M3 6h18" />
      <path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
      <path d="M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />
    </>
  ),
};
type RowIcon = keyof typeof ROW_ICONS;
const SpriteContext = createContext(false);

/** Put once around a list of rows: the row icons inside it refer to this sprite. */
export function RowIconSprite({ children }: { children: React.ReactNode }) {
  return (
    <SpriteContext value={true}>
      <svg aria-hidden="true" width="0" height="0" className="absolute">
        {(Object.keys(ROW_ICONS) as RowIcon[]).map((name) => (
          <symbol key={name} id={`row-icon-${name}`} {...LINE_ICON}>
            {ROW_ICONS[name]}
          </symbol>
        ))}
      </svg>
      {children}
    </SpriteContext>
  );
}

function RowIconSvg({ name, className = "h-4 w-4" }: IconProps & { name: RowIcon }) {
  if (!use(SpriteContext)) return <Small className={className}>{ROW_ICONS[name]}</Small>;
  return (
    <svg className={className} aria-hidden="true">
      <use href={`#row-icon-${name}`} />
    </svg>
  );
}

export const SendIcon = (p: IconProps) => <RowIconSvg name="send" {...p} />;
export const EyeIcon = (p: IconProps) => <RowIconSvg name="eye" {...p} />;
export const TrashIcon = (p: IconProps) => <RowIconSvg name="trash" {...p} />;
export const DownloadIcon = (p: IconProps) => (
  <Small {...p}>
    <path d="M12 3v12" />
    <path d="m7 10 5 5 5-5" />
    <path d="M5 21h14" />
  </Small>
);
export const SearchIcon = (p: IconProps) => (
  <Small {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </Small>
);

// Spec §9: male green, female lighter green, other grey.
const GENDER_STYLES: Record<Gender, string> = {
  male: "bg-brand-700 text-white",
  female: "bg-brand-100 text-brand-800",
  other: "bg-gray-200 text-gray-800",
};

export function GenderBadge({ gender }: { gender: Gender }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${GENDER_STYLES[gender]}`}>{GENDER_LABELS[gender]}</span>
  );
}

/** An e-mail address that wraps after its local part (at the @) before it wraps anywhere else. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

export const BUTTON = {
  primary: `inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-3 py-2 text-sm sm:px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 ${FOCUS_RING}`,
  secondary: `inline-flex items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm sm:px-4 font-semibold text-gray-700 hover:bg-gray-50 disabled:opacity-60 ${FOCUS_RING}`,
  danger: `inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-3 py-2 text-sm sm:px-4 font-semibold text-white hover:bg-red-700 disabled:opacity-60 ${FOCUS_RING}`,
  icon: `inline-flex h-8 w-8 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-50 ${FOCUS_RING}`,
};

/** Queues the ticket e-mail again; the action answers with a redirect and a toast. */
export function ResendButton({ id, name, action, compact = false }: { id: string; name: string; action: string; compact?: boolean }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="inline-flex">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={id} />
      {compact ? (
        <button
          type="submit"
          disabled={busy}
          className={`${BUTTON.icon} hover:text-brand-700`}
          aria-label={`Resend Ticket to ${name}`}
          title="Resend Ticket"
        >
          <SendIcon />
        </button>
      ) : (
        <button type="submit" disabled={busy} className={BUTTON.secondary}>
          <SendIcon />
          {busy ? "Sending…" : "Resend Ticket"}
        </button>
      )}
    </fetcher.Form>
  );
}

/**
 * Spec §5: "Are you sure you want to delete {name}'s registration?". Opened with JavaScript
 * by the Delete button; without it, the Delete link leads to a URL that renders it on the server.
 */
export function ConfirmDeleteModal({
  attendee,
  action,
  cancelHref,
  onClose,
}: {
  attendee: { id: string; full_name: string };
  action: string;
  cancelHref: string;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <Modal title="Delete Attendee" onClose={onClose} closeHref={cancelHref}>
      <p className="mt-3 text-center text-gray-700">Are you sure you want to delete {attendee.full_name}'s registration?</p>
      <p className="mt-2 text-center text-sm text-gray-500">Their ticket stops working. This cannot be undone.</p>
      <Form method="post" action={action} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={attendee.id} />
        <Link to={cancelHref} replace preventScrollReset className={BUTTON.secondary} onClick={(event) => closeWithScript(event, onClose)}>
          Cancel
        </Link>
        <button type="submit" disabled={deleting} className={BUTTON.danger}>
          <TrashIcon />
          {deleting ? "Deleting…" : "Delete"}
        </button>
      </Form>
    </Modal>
  );
}

function closeWithScript(event: React.MouseEvent, onClose: () => void) {
  event.preventDefault();
  onClose();
}
