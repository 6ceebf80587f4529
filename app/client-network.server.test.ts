import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network.server";

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

  it("ignores zone ids and brackets, and gives nothing for what is not an address", () => {
    expect(clientNetwork("[fe80::1%eth0]")).toBe("v6:fe80:0:0:0::/64");
    expect(clientNetwork("")).toBe("");
    expect(clientNetwork("not-an-ip")).toBe("");
    expect(clientNetwork("1.2.3.4\u0000")).toBe("");
  });
});
