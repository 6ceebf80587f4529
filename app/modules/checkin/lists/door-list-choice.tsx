import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigate } from "react-router";
import { formatNumber } from "~/i18n/format";
import { languageOr } from "~/i18n/languages";
import { lagosClock } from "~/ui/date-time";
import { BUTTON, INPUT } from "~/ui/styles";
import { useHydrated } from "~/ui/use-hydrated";
import { DOOR_PATH, doorHref, LIST_PARAM } from "./door-href";

// The top of the door: what this door checks people in for, the entrance (as always) or one of
// the organisers' lists (lunch, the kit). A GET form (works without JavaScript: its button
// reloads the page with `?list=`); with JavaScript the choice applies as it is made and this
// device remembers it, like its door name, for the next time the door screen opens.

const LIST_KEY = "summit-door-list";

/** The count line's key: a once-a-day list counts today's; a counted list also says what is left. */
const COUNT_KEY = {
  daily: { all: "lists.countToday", left: "lists.countTodayLeft" },
  other: { all: "lists.count", left: "lists.countLeft" },
} as const;

export type DoorListChoice = { id: string; name: string };
/** The list this door gives from: given (today's, for a once-a-day list), left when counted, and per door. */
export type ChosenList = {
  id: string;
  name: string;
  rule: "once" | "daily" | "any";
  given: number;
  left: number | null;
  doors: { door: string; count: number }[];
};

function remembered(): string {
  try {
    return localStorage.getItem(LIST_KEY) ?? "";
  } catch {
    return "";
  }
}

function remember(id: string) {
  try {
    localStorage.setItem(LIST_KEY, id);
  } catch {
    // No storage (a private window): the URL still carries the choice.
  }
}

export function DoorListChoice({
  lists,
  list,
  listGone,
  q,
  offlineSince,
}: {
  lists: DoorListChoice[];
  list: ChosenList | null;
  listGone: boolean;
  q: string;
  /** the server cannot be reached: when the phone's copy was made (ISO; "" unknown), else null */
  offlineSince: string | null;
}) {
  const { t, i18n } = useTranslation("door");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const number = (value: number) => formatNumber(languageOr(i18n.language), value);
  // Once, on opening the door: the list this device last chose, when the URL names none.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (list || listGone || new URL(window.location.href).searchParams.has(LIST_PARAM)) return;
    const kept = remembered();
    if (kept && lists.some((l) => l.id === kept)) navigate(doorHref({ list: kept, q }), { replace: true });
  }, [list, listGone, lists, navigate, q]);
  useEffect(() => {
    if (list) remember(list.id);
    else if (listGone) remember("");
  }, [list, listGone]);
  if (lists.length === 0 && !listGone) return null;
  return (
    <section className="space-y-1" data-testid="door-list">
      <Form method="get" action={DOOR_PATH} className="flex items-center gap-2">
        {q ? <input type="hidden" name="q" value={q} /> : null}
        <label id="door-list-label" htmlFor="door-list-select" className="shrink-0 text-sm font-semibold text-gray-800">
          {t("lists.label")}
        </label>
        <select
          id="door-list-select"
          name={LIST_PARAM}
          defaultValue={list?.id ?? ""}
          key={list?.id ?? ""}
          className={`${INPUT.replace("mt-1 ", "")} min-w-0 flex-1 py-2`}
          onChange={(event) => {
            const id = event.currentTarget.value;
            remember(id);
            navigate(doorHref({ list: id, q }));
          }}
        >
          <option value="">{t("lists.entrance")}</option>
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" className={`${BUTTON.secondary} py-2`}>
            {t("lists.choose")}
          </button>
        )}
      </Form>
      {listGone ? <p className="text-sm text-amber-800">{t("lists.gone")}</p> : null}
      {list ? (
        <p className="text-gray-700" aria-live="polite" data-testid="list-count">
          {t(COUNT_KEY[list.rule === "daily" ? "daily" : "other"][list.left === null ? "all" : "left"], {
            list: list.name,
            given: number(list.given),
            left: number(list.left ?? 0),
          })}
        </p>
      ) : null}
      {list && offlineSince !== null ? (
        <p role="status" className="rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("lists.offline", { time: offlineSince ? lagosClock(offlineSince) : "?" })}
        </p>
      ) : null}
    </section>
  );
}
