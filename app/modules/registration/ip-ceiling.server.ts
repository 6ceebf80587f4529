import { getConfig } from "~/config.server";

// A coarse ceiling on the public forms per client address. Many young Nigerians reach the
// site through a mobile carrier's shared address, so it is high (a crowd of 200 registering
// in a minute behind one address passes) and only stops one source posting thousands. It is
// counted in this process's memory, per 10-minute window: with several processes the ceiling
// is per process, which is coarse by design. FORM_POSTS_PER_IP sets it (default 1,000). The real limits are per person: one
// registration per e-mail (a unique index), a few per phone, three ticket re-sends an hour.

export const IP_WINDOW_MS = 10 * 60_000;

export const IP_CEILING_MESSAGE = "Too many forms were sent from your network just now. Please try again in a few minutes.";

// Each address's window starts with its first post, so a burst is never split across two.
const windows = new Map<string, { start: number; count: number }>();
let lastSweep = 0;

/** Counts one post from `ip`; false once the address has used up its window's ceiling. */
export function takeIpSlot(ip: string, now = Date.now(), ceiling = getConfig().formPostsPerIp): boolean {
  if (!ip) return true;
  // Forget finished windows now and then, so a flood of addresses cannot grow the map forever.
  if (now - lastSweep >= IP_WINDOW_MS) {
    for (const [address, window] of windows) if (now - window.start >= IP_WINDOW_MS) windows.delete(address);
    lastSweep = now;
  }
  let window = windows.get(ip);
  if (!window || now - window.start >= IP_WINDOW_MS) {
    window = { start: now, count: 0 };
    windows.set(ip, window);
  }
  if (window.count >= ceiling) return false;
  window.count++;
  return true;
}

/** Seconds until the address's window ends, for Retry-After. */
export function secondsToNextWindow(ip: string, now = Date.now()): number {
  const window = windows.get(ip);
  return window ? Math.max(1, Math.ceil((window.start + IP_WINDOW_MS - now) / 1000)) : 1;
}
