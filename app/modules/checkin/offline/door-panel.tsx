import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DOOR_NAME_MAX } from "~/db/door-name";
import { translateMessage } from "~/i18n/message-key";
import { lagosClock } from "~/ui/date-time";
import { Notice } from "~/ui/notice";
import { BUTTON, INPUT } from "~/ui/styles";
import { doorName } from "./door-identity";
import { type DoorStatus, dismissNotices, setDoorName } from "./door-runtime";

// The door's offline state at the top of the screen, in as little height as it can take: at
// 360 × 640 the typed ID's answer must stay in view under it. One small line says whether the
// phone could carry on without the network and names the door; an unnamed door gets one row to
// name it; only trouble (offline, signed out, refusals) takes a box.

export function DoorPanel({ status }: { status: DoorStatus }) {
  const { t } = useTranslation("door");
  const [name, setName] = useState(doorName);
  const [editing, setEditing] = useState(name === "");
  return (
    <div className="space-y-2">
      {editing ? (
        <NameForm
          initial={name}
          onSaved={(saved) => {
            setName(saved);
            setEditing(false);
          }}
        />
      ) : null}
      <StatusLine status={status} door={editing ? "" : name} onChange={() => setEditing(true)} />
      {status.notices.length > 0 ? (
        <Notice tone="fault" testId="door-notices">
          <p className="font-semibold">{t("offline.refusedLater")}</p>
          <ul className="mt-1 list-disc pl-5">
            {status.notices.map((notice) => (
              <li key={`${notice.ticket}${notice.message}`}>
                <span className="font-mono">{notice.ticket.split(".")[0]}</span> — {translateMessage(t, notice.message)}
              </li>
            ))}
          </ul>
          <button type="button" className={`${BUTTON.secondary} mt-2`} onClick={dismissNotices}>
            {t("offline.dismiss")}
          </button>
        </Notice>
      ) : null}
    </div>
  );
}

function StatusLine({ status, door, onChange }: { status: DoorStatus; door: string; onChange: () => void }) {
  const { t } = useTranslation("door");
  if (!status.loaded) return null;
  const doorPart = door ? (
    <span className="whitespace-nowrap">
      <span data-testid="door-name">{t("doorName.current", { door })}</span>{" "}
      <button type="button" className="font-semibold text-brand-700 underline underline-offset-2" onClick={onChange}>
        {t("doorName.change")}
      </button>
    </span>
  ) : null;
  if (status.signedOut) return <Notice tone="fault">{t("offline.signedOut")}</Notice>;
  if (!status.online) {
    return (
      <>
        <Notice tone="warning" testId="door-status">
          <strong>{status.ready ? t("offline.offline", { count: status.queued }) : t("offline.offlineNoList")}</strong>
        </Notice>
        {doorPart ? <p className="text-sm text-gray-600">{doorPart}</p> : null}
      </>
    );
  }
  const ready = status.ready
    ? t("offline.ready", { count: status.ready.attendees, time: lagosClock(new Date(status.ready.updatedAt)) })
    : t("offline.preparing");
  const waiting = status.queued > 0 ? t(status.syncing ? "offline.sending" : "offline.waiting", { count: status.queued }) : null;
  return (
    <p className="text-sm leading-snug text-gray-600">
      <span data-testid="door-status" role="status">
        <span aria-hidden="true" className={`mr-1.5 inline-block size-2 rounded-full ${status.ready ? "bg-brand-600" : "bg-gray-400"}`} />
        {ready}
        {waiting ? <span className="font-semibold text-amber-800"> · {waiting}</span> : null}
      </span>
      {doorPart ? <> · {doorPart}</> : null}
    </p>
  );
}

/** One row: the door's name, asked once per phone (kept on it, sent with every check-in). */
function NameForm({ initial, onSaved }: { initial: string; onSaved: (name: string) => void }) {
  const { t } = useTranslation("door");
  return (
    <form
      aria-label={t("doorName.heading")}
      className="flex items-end gap-2 rounded-xl border border-amber-300 bg-amber-50 p-2"
      onSubmit={(event) => {
        event.preventDefault();
        const typed = String(new FormData(event.currentTarget).get("door") ?? "").trim();
        if (!typed) return;
        setDoorName(typed);
        onSaved(doorName());
      }}
    >
      <label htmlFor="door-name-field" className="sr-only">
        {t("doorName.label")}
      </label>
      <div className="min-w-0 flex-1">
        <input
          id="door-name-field"
          name="door"
          required
          maxLength={DOOR_NAME_MAX}
          defaultValue={initial}
          autoComplete="off"
          placeholder={t("doorName.placeholder")}
          aria-describedby="door-name-hint"
          className={INPUT}
        />
      </div>
      <span id="door-name-hint" className="sr-only">
        {t("doorName.hint")}
      </span>
      <button type="submit" className={`${BUTTON.primary} py-2.5`}>
        {t("doorName.save")}
      </button>
    </form>
  );
}
