import { useEffect, useState } from "react";
import { type Countdown, countdown } from "./event-time";

/** The countdown to the event start, ticking every second once JavaScript runs (the server renders `initial`). */
export function useCountdown(initial: Countdown, eventDate: string, eventTime: string): Countdown {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const tick = () => setValue(countdown(new Date(), eventDate, eventTime));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [eventDate, eventTime]);
  return value;
}
