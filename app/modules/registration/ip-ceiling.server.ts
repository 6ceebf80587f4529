import { getConfig } from "~/config.server";

// A coarse ceiling on the public forms per client address. Many young Nigerians reach the
// site through a mobile carrier's shared address, so it is high (a crowd of 200 registering
// in a minute behind one address passes) and only stops one source posting thousands. It is
// counted in this process's memory, per 10-minute window: with several processes the ceiling
// is per process, which is coarse by design. FORM_POSTS_PER_IP sets it (default 1,000). The real limits are per person: one
// registration per e-mail (a unique index), a few per phone, three ticket re-sends an hour.

export const IP_WINDOW_MS = 10 * 60_000;

export const IP_CEILING_MESSAGE = "Too many forms were sent from your network just now. Please try again in a few minutes.";

let window = { start: 0, counts: new Map<string, number>() };

/** Counts one post from `ip`; false once the address has used up this window's ceiling. */
export function takeIpSlot(ip: string, now = Date.now(), ceiling = getConfig().formPostsPerIp): boolean {
  if (!ip) return true;
  if (now - window.start >= IP_WINDOW_MS) window = { start: now - (now % IP_WINDOW_MS), counts: new Map() };
  const used = window.counts.get(ip) ?? 0;
  if (used >= ceiling) return false;
  window.counts.set(ip, used + 1);
  return true;
}

/** Seconds until the current window ends, for Retry-After. */
export function secondsToNextWindow(now = Date.now()): number {
  return Math.max(1, Math.ceil((window.start + IP_WINDOW_MS - now) / 1000));
}
