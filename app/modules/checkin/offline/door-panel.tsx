import { useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/message-key";
import { lagosClock } from "~/ui/date-time";
import { FormField } from "~/ui/form-field";
import { Notice } from "~/ui/notice";
import { BUTTON, INPUT } from "~/ui/styles";
import { type DoorStatus, dismissNotices, doorName, setDoorName } from "./door-runtime";

// The door's offline state at the top of the screen: the door's name (asked for once per
// device), whether the device could carry on without the network, and what waits to be sent.

export function DoorPanel({ status }: { status: DoorStatus }) {
  const { t } = useTranslation("door");
  return (
    <div className="space-y-2">
      <DoorName />
      <StatusLine status={status} />
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

function StatusLine({ status }: { status: DoorStatus }) {
  const { t } = useTranslation("door");
  if (!status.loaded) return null;
  if (status.signedOut) return <Notice tone="fault">{t("offline.signedOut")}</Notice>;
  if (!status.online) {
    return (
      <Notice tone="warning" testId="door-status">
        <strong>{status.ready ? t("offline.offline", { count: status.queued }) : t("offline.offlineNoList")}</strong>
      </Notice>
    );
  }
  const ready = status.ready
    ? t("offline.ready", { count: status.ready.attendees, time: lagosClock(new Date(status.ready.updatedAt)) })
    : t("offline.preparing");
  const waiting = status.queued > 0 ? t(status.syncing ? "offline.sending" : "offline.waiting", { count: status.queued }) : null;
  return (
    <p data-testid="door-status" role="status" className="text-sm text-gray-600">
      <span aria-hidden="true" className={`mr-1.5 inline-block size-2 rounded-full ${status.ready ? "bg-brand-600" : "bg-gray-400"}`} />
      {ready}
      {waiting ? <span className="font-semibold text-amber-800"> · {waiting}</span> : null}
    </p>
  );
}

function DoorName() {
  const { t } = useTranslation("door");
  const [name, setName] = useState(doorName);
  const [editing, setEditing] = useState(name === "");
  if (!editing) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
        <span data-testid="door-name">{t("doorName.current", { door: name })}</span>
        <button type="button" className="font-semibold text-brand-700 underline underline-offset-2" onClick={() => setEditing(true)}>
          {t("doorName.change")}
        </button>
      </p>
    );
  }
  return (
    <section aria-labelledby="door-name-heading" className="rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3">
      <h2 id="door-name-heading" className="font-semibold text-gray-900">
        {t("doorName.heading")}
      </h2>
      <form
        className="mt-2 flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const typed = String(new FormData(event.currentTarget).get("door") ?? "").trim();
          if (!typed) return;
          setDoorName(typed);
          setName(doorName());
          setEditing(false);
        }}
      >
        <div className="min-w-0 flex-1">
          <FormField label={t("doorName.label")} id="door-name-field" errorId="door-name-error" description={t("doorName.hint")}>
            <input id="door-name-field" name="door" required maxLength={60} defaultValue={name} autoComplete="off" className={INPUT} />
          </FormField>
        </div>
        <button type="submit" className={`${BUTTON.primary} py-2.5`}>
          {t("doorName.save")}
        </button>
      </form>
    </section>
  );
}
