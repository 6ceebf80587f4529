import { describe, expect, it } from "vitest";
import { clientNetwork, networkLadder, UNREADABLE_NETWORK } from "./client-network.server";

describe("clientNetwork", () => {
  it("counts an IPv4 address on its own", () => {
    expect(clientNetwork("197.210.54.3")).toBe("v4:197.210.54.3");
    expect(clientNetwork("197.210.54.4")).not.toBe(clientNetwork("197.210.54.3"));
  });

  it("counts every address of one IPv6 /64 as one network", () => {
    const a = clientNetwork("2c0f:f5c0:0:1::1");
    expect(a).toBe("v6:2c0f:f5c0:0:1::/64");
    expect(clientNetwork("2c0f:f5c0:0000:0001:dead:beef:1234:5678")).toBe(a);
    expect(clientNetwork("2C0F:F5C0::1:ffff:ffff:ffff:ffff")).toBe(a);
    expect(clientNetwork("2c0f:f5c0:0:2::1")).not.toBe(a);
  });

  it("reads an IPv4 client seen through an IPv6 socket as IPv4", () => {
    expect(clientNetwork("::ffff:10.1.2.3")).toBe("v4:10.1.2.3");
    expect(clientNetwork("::ffff:a01:203")).toBe("v4:10.1.2.3");
  });

  it("ignores zone ids and brackets; whatever is not an address is one network, never none", () => {
    expect(clientNetwork("[fe80::1%eth0]")).toBe("v6:fe80:0:0:0::/64");
    for (const rubbish of ["", "not-an-ip", "1.2.3.4\u0000", "1.2.3.4, 5.6.7.8", "\ud800", "ɗaki::1", "999.1.1.1"]) {
      expect(clientNetwork(rubbish)).toBe(UNREADABLE_NETWORK);
    }
  });
});

describe("networkLadder", () => {
  it("gives an IPv6 client's /64, /56 and /48, narrowest first", () => {
    expect(networkLadder("2001:db8:aa:bbcc:1:2:3:4")).toEqual([
      "v6:2001:db8:aa:bbcc::/64",
      "v6:2001:db8:aa:bb00::/56",
      "v6:2001:db8:aa::/48",
    ]);
  });

  it("puts every /64 of one /48 under the same /48, and /64s of one /56 under the same /56", () => {
    const ladders = ["2001:db8:aa:1::1", "2001:db8:aa:2::9", "2001:db8:aa:ff::1"].map(networkLadder);
    expect(new Set(ladders.map((l) => l[0])).size).toBe(3);
    expect(new Set(ladders.map((l) => l[1]))).toEqual(new Set(["v6:2001:db8:aa:0::/56"]));
    expect(new Set(ladders.map((l) => l[2]))).toEqual(new Set(["v6:2001:db8:aa::/48"]));
    expect(networkLadder("2001:db8:aa:100::1")[1]).toBe("v6:2001:db8:aa:100::/56");
    expect(networkLadder("2001:db8:ab:1::1")[2]).not.toBe(ladders[0]?.[2]);
  });

  it("gives an IPv4 client (also through an IPv6 socket) its address and its /24", () => {
    expect(networkLadder("197.210.54.3")).toEqual(["v4:197.210.54.3", "v4:197.210.54.0/24"]);
    expect(networkLadder("::ffff:197.210.54.3")).toEqual(["v4:197.210.54.3", "v4:197.210.54.0/24"]);
  });

  it("gives one unreadable network for what is not an address", () => {
    expect(networkLadder("garbage")).toEqual([UNREADABLE_NETWORK]);
  });
});
