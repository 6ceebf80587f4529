import { isIPv4, isIPv6 } from "node:net";

// Limits are counted per network, not per address: one machine on IPv6 usually holds a whole
// /64 (its provider hands out the prefix, the device picks any address inside it), so counting
// addresses one by one lets a single phone look like billions of people. IPv4 is scarce and
// carriers share it, so an IPv4 address is already the smallest unit worth counting.
//
// An address that cannot be read (a forwarded header the site was told to trust, holding
// rubbish) is one network of its own, UNREADABLE_NETWORK: counting it as no network at all
// would let whoever writes that header skip every per-network limit.

/** Every client address that cannot be read counts as this one network. */
export const UNREADABLE_NETWORK = "unreadable";

/** The network a client address belongs to: "v4:1.2.3.4" or "v6:2001:db8:1:2::/64"; UNREADABLE_NETWORK otherwise. */
export function clientNetwork(ip: string): string {
  return networkLadder(ip)[0] ?? UNREADABLE_NETWORK;
}

/**
 * The client's network and the wider ones around it, narrowest first: for IPv6 its /64, /56 and
 * /48 (a tunnel broker hands one machine a whole /48, so a new /64 per request is free); for
 * IPv4 the address and its /24 (a carrier's shared addresses sit side by side); one unreadable
 * network for anything else.
 */
export function networkLadder(ip: string): string[] {
  const address = ip
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (isIPv4(address)) return ipv4Ladder(address.split(".").map(Number));
  if (!isIPv6(address)) return [UNREADABLE_NETWORK];
  const groups = expandIPv6(address);
  // An IPv4 client seen through an IPv6 socket (::ffff:1.2.3.4) is that IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [a = 0, b = 0] = [groups[6], groups[7]];
    return ipv4Ladder([a >> 8, a & 255, b >> 8, b & 255]);
  }
  const hex = (g: number | undefined) => (g ?? 0).toString(16);
  const [g0, g1, g2, g3 = 0] = groups;
  const prefix48 = `${hex(g0)}:${hex(g1)}:${hex(g2)}`;
  return [`v6:${prefix48}:${hex(g3)}::/64`, `v6:${prefix48}:${hex(g3 & 0xff00)}::/56`, `v6:${prefix48}::/48`];
}

function ipv4Ladder([a, b, c, d]: number[]): string[] {
  return [`v4:${a}.${b}.${c}.${d}`, `v4:${a}.${b}.${c}.0/24`];
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" and a trailing dotted IPv4 part). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a, b, c, d] = dotted[1].split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)));
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - first.length - last.length).fill(0);
  return [...first, ...zeros, ...last];
}
