import { useEffect, useState } from "react";
import { type Countdown, countdown, type EventWhen } from "./event-time";

/** The countdown to the event start, ticking every second once JavaScript runs (the server renders `initial`). */
export function useCountdown(initial: Countdown, { event_date, event_starts_at, event_ends_at }: EventWhen): Countdown {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const tick = () => setValue(countdown(new Date(), { event_date, event_starts_at, event_ends_at }));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [event_date, event_starts_at, event_ends_at]);
  return value;
}
