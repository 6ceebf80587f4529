import { isIPv4, isIPv6 } from "node:net";

// Limits are counted per network, not per address: one machine on IPv6 usually holds a whole
// /64 (its provider hands out the prefix, the device picks any address inside it), so counting
// addresses one by one lets a single phone look like billions of people. IPv4 is scarce and
// carriers share it, so an IPv4 address is already the smallest unit worth counting.

/** The network a client address belongs to: "v4:1.2.3.4" or "v6:2001:db8:1:2::/64"; "" for none. */
export function clientNetwork(ip: string): string {
  const address = ip
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (isIPv4(address)) return `v4:${address}`;
  if (!isIPv6(address)) return "";
  const groups = expandIPv6(address);
  // An IPv4 client seen through an IPv6 socket (::ffff:1.2.3.4) is that IPv4 client.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [a = 0, b = 0] = [groups[6], groups[7]];
    return `v4:${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return `v6:${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
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
