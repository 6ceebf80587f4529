import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { GENDER_LABELS, GENDERS } from "~/modules/person/gender";
import { SearchIcon } from "~/ui/row-icons";
import { BUTTON, FOCUS_RING } from "~/ui/styles";
import { useHydrated } from "~/ui/use-hydrated";
import { ATTENDEE_SEARCH_MAX, type AttendeeQuery, CHANNEL_FILTERS, CHANNEL_LABELS } from "./schemas";

const SEARCH_DEBOUNCE_MS = 300;
const FIELD = `w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-brand-600 ${FOCUS_RING}`;

/**
 * The filter is a GET form, so it lives in the URL: a reload or a shared link shows the
 * same list. With JavaScript the list follows the typing (debounced) and each change
 * replaces the history entry instead of stacking one per keystroke; without it, Search submits.
 */
export function AttendeeFilters({ query, states }: { query: AttendeeQuery; states: string[] }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const gender = useRef<HTMLSelectElement>(null);
  const state = useRef<HTMLSelectElement>(null);
  const checkin = useRef<HTMLSelectElement>(null);
  const channel = useRef<HTMLSelectElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Back/forward changes the URL under the form: show its values, but never overwrite what is being typed.
  useEffect(() => {
    const input = search.current;
    if (input && input.value !== query.q && document.activeElement !== input) input.value = query.q;
  }, [query.q]);
  useEffect(() => {
    if (gender.current) gender.current.value = query.gender;
    if (state.current) state.current.value = query.state;
    if (checkin.current) checkin.current.value = query.checkin;
    if (channel.current) channel.current.value = query.channel;
  }, [query.gender, query.state, query.checkin, query.channel]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submitNow = () => {
    clearTimeout(timer.current);
    if (!form.current) return;
    // Only the filters in use go into the URL (a plain form would add "gender=&state=").
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form.current)) if (typeof value === "string" && value.trim()) params.set(name, value);
    submit(params, { method: "get", action: "/admin/attendees", replace: true, preventScrollReset: true });
  };
  const submitSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(submitNow, SEARCH_DEBOUNCE_MS);
  };

  // The selected state may no longer be in the data (its last attendee deleted): keep it selectable.
  const stateOptions = query.state && !states.includes(query.state) ? [...states, query.state].sort() : states;

  return (
    <Form
      ref={form}
      method="get"
      role="search"
      aria-label="Filter attendees"
      className="grid grid-cols-1 gap-3 md:grid-cols-4 xl:grid-cols-[minmax(0,1fr)_10rem_11rem_11rem_10rem_auto]"
      onSubmit={() => clearTimeout(timer.current)}
    >
      <div className="relative md:col-span-4 xl:col-span-1">
        <label htmlFor="attendee-search" className="sr-only">
          Search by name, email, phone or ticket ID
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-400" />
        <input
          ref={search}
          id="attendee-search"
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={ATTENDEE_SEARCH_MAX}
          placeholder="Search by name or email..."
          autoComplete="off"
          className={`${FIELD} pl-9`}
          onChange={submitSoon}
        />
      </div>
      <label className="sr-only" htmlFor="attendee-gender">
        Gender
      </label>
      <select id="attendee-gender" name="gender" defaultValue={query.gender} className={FIELD} onChange={submitNow} ref={gender}>
        <option value="">All Genders</option>
        {GENDERS.map((g) => (
          <option key={g} value={g}>
            {GENDER_LABELS[g]}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor="attendee-state">
        State
      </label>
      <select id="attendee-state" name="state" defaultValue={query.state} className={FIELD} onChange={submitNow} ref={state}>
        <option value="">All States</option>
        {stateOptions.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor="attendee-checkin">
        Check-in
      </label>
      <select id="attendee-checkin" name="checkin" defaultValue={query.checkin} className={FIELD} onChange={submitNow} ref={checkin}>
        <option value="">All</option>
        <option value="in">Checked in</option>
        <option value="out">Not checked in</option>
      </select>
      <label className="sr-only" htmlFor="attendee-channel">
        Channel
      </label>
      <select id="attendee-channel" name="channel" defaultValue={query.channel} className={FIELD} onChange={submitNow} ref={channel}>
        <option value="">All channels</option>
        {CHANNEL_FILTERS.map((c) => (
          <option key={c} value={c}>
            {CHANNEL_LABELS[c]}
          </option>
        ))}
      </select>
      {/* With JavaScript the list updates as you type; the button is for browsers without it. */}
      {hydrated ? null : (
        <button type="submit" className={BUTTON.primary}>
          Search
        </button>
      )}
    </Form>
  );
}
