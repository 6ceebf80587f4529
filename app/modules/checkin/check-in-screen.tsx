import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useFetcher, useNavigation, useRevalidator } from "react-router";
import { isUuid } from "~/db/uuid";
import { formatNumber } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { FormField } from "~/ui/form-field";
import { LanguageSwitch } from "~/ui/language-switch";
import { BUTTON, INPUT } from "~/ui/styles";
import { useHydrated } from "~/ui/use-hydrated";
import { useRouteModal } from "~/ui/use-route-modal";
import { type DoorMatch, DoorSearchResults } from "./door-search-results";
import { DoorConflicts, DoorCounts } from "./door-summary";
import type { DoorConflict } from "./door-sync.server";
import type { DoorAnswer } from "./early-door";
import { doorHref } from "./lists/door-href";
import { type ChosenList, DoorListChoice, type DoorListChoice as ListChoice } from "./lists/door-list-choice";
import { doorDevice, doorName } from "./offline/door-identity";
import { DoorPanel } from "./offline/door-panel";
import { rememberPage } from "./offline/door-route";
import { useOfflineDoor } from "./offline/use-offline-door";
import { OutcomeCard } from "./outcome-card";
import { QrScanner } from "./qr-scanner";
import { MIN_SEARCH_LENGTH } from "./search-rules";
import type { UndoTarget } from "./undo-link";

// The door, on a phone (ADR 014): the typed ticket ID first, its answer right under it, the
// camera on demand, then the search. After every answer the field has the focus again, ready
// for the next person, and nothing has scrolled: at 360 × 640 field and answer fit the screen.
// Everything but the camera works without JavaScript.

type Page = {
  q: string;
  checkedIn: number;
  registered: number;
  matches: DoorMatch[];
  /** matches beyond those shown */
  more?: number;
  /** seats a walk-in may still take (the page from the device's list has none) */
  walkInSeatsLeft?: number;
  /** the search was too short, or this account searched too often */
  searchError: string | null;
  undo: { id: string; full_name: string } | null;
  /** The organisers' check-in lists beside the entrance, and the one this door gives from (`?list=`). */
  lists?: ListChoice[];
  list?: ChosenList | null;
  listGone?: boolean;
  doors: { door: string; count: number }[];
  conflicts: {
    rows: (Omit<DoorConflict, "first" | "second"> & {
      first: { door: string; at: Date | string };
      second: { door: string; at: Date | string };
    })[];
    total: number;
  };
  /** Answered by the device: the server could not be reached (offline/door-route.ts). */
  offline?: true;
};
type Result = { outcome: DoorAnswer; at: number; offline?: true };

/**
 * "Checked in: <strong>3</strong> of 10" as text with its number in bold. Not react-i18next's
 * Trans for one tag: it would add 4 KB to the door's first load, which has a budget.
 */
function withStrong(text: string) {
  return text.split(/<strong>(.*?)<\/strong>/).map((part, i) =>
    i % 2 === 1 ? (
      <strong key={part + String(i)} className="text-gray-900">
        {part}
      </strong>
    ) : (
      part
    ),
  );
}

let audio: AudioContext | undefined;

/** A short tone and a buzz where the phone allows, so the door need not look at the screen. */
function signal(status: DoorAnswer["status"]) {
  navigator.vibrate?.(status === "checked-in" ? 120 : [80, 60, 80, 60, 80]);
  try {
    // One audio context for the whole shift: making one per answer costs more than the answer.
    audio ??= new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = status === "checked-in" ? 880 : 220;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (status === "checked-in" ? 0.15 : 0.4));
  } catch {
    // No sound where the browser allows none.
  }
}

export function CheckInScreen({ page, result }: { page: Page; result: Result | undefined }) {
  const hydrated = useHydrated();
  rememberPage(page);
  const doorStatus = useOfflineDoor();
  // The device's own id of the next check-in (a new one after every answer): sent again after a
  // dropped answer, it is counted once (the server applies a device id once).
  const [clientId, setClientId] = useState("");
  const { t, i18n } = useTranslation("door");
  const number = (value: number) => formatNumber(languageOr(i18n.language), value);
  const scan = useFetcher<Result>();
  const navigation = useNavigation();
  const answered = [scan.data, result].filter((r): r is Result => Boolean(r)).sort((a, b) => b.at - a.at)[0];
  // An Undo sent after the answer takes its card away: a green card for someone just undone would mislead.
  const [undoneAfter, setUndoneAfter] = useState(0);
  const undoSent = navigation.formData?.get("intent") === "undo";
  useEffect(() => {
    if (undoSent && answered) setUndoneAfter(answered.at);
  }, [undoSent, answered]);
  const latest = answered && answered.at !== undoneAfter ? answered : undefined;
  const signalled = useRef(0);
  const ticketForm = useRef<HTMLFormElement>(null);
  const ticketField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!latest || latest.at === signalled.current) return;
    signalled.current = latest.at;
    // After the card is on screen: the sound is for the volunteer who is not looking.
    const status = latest.outcome.status;
    requestAnimationFrame(() => setTimeout(() => signal(status), 0));
    setClientId(crypto.randomUUID());
    // Ready for the next person: the typed ID cleared (kept and selected when refused, to correct
    // it), the field focused without scrolling. Not after a scan: on a phone the focus would open
    // the keyboard over the camera.
    if (latest.outcome.status !== "refused") ticketForm.current?.reset();
    if (latest === scan.data) return;
    ticketField.current?.focus({ preventScroll: true });
    if (latest.outcome.status === "refused") ticketField.current?.select();
  }, [latest, scan.data]);
  const list = page.list ?? null;
  const back = doorHref({ list: list?.id, q: page.q });
  const undoing = useRouteModal({ param: "undo", closeHref: back, fromUrl: page.undo, data: page });
  const undo: UndoTarget = { hrefFor: (id) => `${back}${back.includes("?") ? "&" : "?"}undo=${id}`, open: undoing.open };
  // Only while a check-in is being sent: once its answer is on screen the page reloads its counts
  // ("loading"), and a button disabled then would swallow the Enter of a volunteer already typing
  // the next ID (implicit submission skips a disabled button). A new check-in simply supersedes it.
  const busy = navigation.state === "submitting" || scan.state === "submitting";
  // Offline, the device's list knows best who is in (its own check-ins included).
  const counts = !doorStatus.online && doorStatus.counts ? doorStatus.counts : page;
  // Back online with a page answered from the device (a search of its own list): asked of the
  // server again, so "Offline: searching this device's list" goes with the network's return.
  // Once per return (a ref, not a dependency): a server still out of reach answers from the device
  // again, and the next return asks again.
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const answeredOffline = Boolean(page.offline);
  // Offline, the walk-ins this phone may register are its own seats, as they are now.
  const walkInSeats = doorStatus.online ? page.walkInSeatsLeft : (doorStatus.walkInSeats ?? undefined);
  const reconnected = doorStatus.online;
  useEffect(() => {
    if (reconnected && answeredOffline) void revalidate.current();
  }, [reconnected, answeredOffline]);
  useEffect(() => setClientId(crypto.randomUUID()), []);
  // With JavaScript, every check-in says which door made it and carries the device's id for it.
  const origin = hydrated ? (
    <>
      <input type="hidden" name="door" value={doorName()} />
      <input type="hidden" name="device" value={doorDevice()} />
      <input type="hidden" name="client_id" value={clientId} />
    </>
  ) : null;

  return (
    <div className="mx-auto max-w-xl space-y-3">
      {hydrated ? <DoorPanel status={doorStatus} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-gray-700" aria-live="polite">
          {withStrong(t("count", { checkedIn: number(counts.checkedIn), registered: number(counts.registered) }))}
        </p>
        <LanguageSwitch className="text-gray-700" />
      </div>
      <DoorListChoice
        lists={page.lists ?? []}
        list={list}
        listGone={Boolean(page.listGone)}
        q={page.q}
        offlineSince={doorStatus.online ? null : (doorStatus.ready?.updatedAt ?? "")}
      />

      <section aria-labelledby="ticket-heading" className="rounded-2xl border border-gray-200 bg-white px-4 py-3 shadow-sm">
        <h2 id="ticket-heading" className="sr-only">
          {t("typeHeading")}
        </h2>
        <Form ref={ticketForm} method="post" action={back} className="flex items-end gap-2">
          <input type="hidden" name="intent" value="ticket" />
          {origin}
          <div className="min-w-0 flex-1">
            <FormField label={t("ticketId")} id="ticket-id" errorId="ticket-id-error">
              <input
                ref={ticketField}
                id="ticket-id"
                name="ticket_id"
                required
                // biome-ignore lint/a11y/noAutofocus: only on the page that answers a check-in without JavaScript, where the volunteer's next step is always the next ID
                autoFocus={Boolean(result)}
                autoCapitalize="characters"
                autoComplete="off"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="go"
                placeholder="ZYS-…"
                className={`${INPUT} font-mono uppercase`}
              />
            </FormField>
          </div>
          <button type="submit" disabled={busy} className={`${BUTTON.primary} py-2.5`}>
            {list ? t("lists.give") : t("checkIn")}
          </button>
        </Form>
      </section>

      {latest ? (
        <OutcomeCard
          outcome={latest.outcome}
          action={back}
          busy={busy}
          // Online only: the device's own list has no undo (its check-ins are queued for the server).
          undo={latest.outcome.status === "checked-in" && !page.offline && isUuid(latest.outcome.attendee.id) ? undo : undefined}
        />
      ) : null}

      <section aria-labelledby="scan-heading" className="space-y-2 rounded-2xl border border-gray-200 bg-white px-4 py-3 shadow-sm">
        <h2 id="scan-heading" className="font-semibold text-gray-900">
          {t("scanHeading")}
        </h2>
        {hydrated ? (
          <QrScanner
            paused={scan.state !== "idle"}
            onCode={(code) =>
              scan.submit(
                { intent: "scan", code, door: doorName(), device: doorDevice(), client_id: crypto.randomUUID() },
                { method: "post", action: doorHref({ list: list?.id }) },
              )
            }
          />
        ) : (
          <p className="text-sm text-gray-600">{t("needsJs")}</p>
        )}
      </section>

      <section aria-labelledby="search-heading" className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
        <h2 id="search-heading" className="font-semibold text-gray-900">
          {t("findHeading")}
        </h2>
        <Form method="get" action="/admin/check-in" className="mt-2 flex items-end gap-2">
          {list ? <input type="hidden" name="list" value={list.id} /> : null}
          <div className="flex-1">
            <FormField
              label={t("searchLabel")}
              id="door-search"
              errorId="door-search-error"
              error={page.searchError ?? undefined}
              description={t("searchHint", { count: MIN_SEARCH_LENGTH })}
            >
              <input
                id="door-search"
                name="q"
                type="search"
                defaultValue={page.q}
                minLength={MIN_SEARCH_LENGTH}
                autoComplete="off"
                aria-invalid={page.searchError ? true : undefined}
                aria-describedby={page.searchError ? "door-search-error" : undefined}
                className={INPUT}
              />
            </FormField>
          </div>
          <button type="submit" className={`${BUTTON.secondary} py-2.5`}>
            {t("searchButton")}
          </button>
        </Form>
        {page.offline && page.q ? <p className="mt-2 text-sm text-amber-800">{t("offline.searchOffline")}</p> : null}
        {page.q && !page.searchError ? (
          <DoorSearchResults page={page} back={back} origin={origin} busy={busy} undo={undo} list={list?.name} />
        ) : null}
      </section>

      {/* Someone not found, or who never registered. Below the field and its answer, which keep the
          top of a 360 × 640 screen. Online; offline too while this phone holds seats for walk-ins
          (offline/walk-in-offline.ts). */}
      {doorStatus.online || (doorStatus.walkInSeats ?? 0) > 0 ? (
        <Link
          to="/admin/check-in/walk-in"
          // Its page's files fetched now: the service worker keeps them, for a walk-in without a network.
          prefetch="render"
          className={`${BUTTON.secondary} w-full flex-col gap-0 py-2.5`}
        >
          {t("walkIn.link")}
          {walkInSeats === undefined ? null : (
            <span className="font-normal text-gray-600 text-xs">
              {walkInSeats > 0 ? t("walkIn.seatsLeft", { count: walkInSeats, n: number(walkInSeats) }) : t("walkIn.full")}
            </span>
          )}
        </Link>
      ) : null}

      {/* Below the door's work: at 360 × 640 the typed ID's answer stays in view above them. */}
      <DoorConflicts conflicts={page.conflicts.rows} total={page.conflicts.total} />
      {/* With a list chosen, the doors' counts are the list's (today's, for a once-a-day list). */}
      <DoorCounts doors={list ? list.doors : page.doors} heading={list ? t("lists.doorsHeading", { list: list.name }) : undefined} />

      {undoing.target ? (
        <ConfirmDialog
          title={list ? t("lists.undoTitle", { list: list.name }) : t("undoTitle")}
          message={
            list
              ? t("lists.undoText", { list: list.name, name: undoing.target.full_name })
              : t("undoText", { name: undoing.target.full_name })
          }
          id={undoing.target.id}
          action={back}
          cancelHref={back}
          onClose={undoing.close}
          intent="undo"
          confirmLabel={list ? t("lists.undoTitle", { list: list.name }) : t("undoTitle")}
          pendingLabel={t("undoing")}
          cancelLabel={t("cancel")}
          tone="danger"
        />
      ) : null}
    </div>
  );
}
