import { afterEach, describe, expect, it, vi } from "vitest";
import { cookieJar, memoryStorage } from "#tests/support/door-device.ts";
import { doorDeviceCookie } from "../door-devices.server";

// The door phone's id, made once and kept, and carried by its page requests in a cookie: the
// server reads it to know which seats for walk-ins are this phone's own.

afterEach(() => vi.unstubAllGlobals());

describe("doorDevice", () => {
  it("keeps one id, and the cookie the server reads it from", async () => {
    vi.stubGlobal("localStorage", memoryStorage());
    const jar = cookieJar();
    vi.stubGlobal("document", jar);
    vi.resetModules();
    const { doorDevice } = await import("./door-identity");
    const device = doorDevice();
    expect(doorDevice()).toBe(device);
    expect(jar.written).toEqual([`summit-door-device=${device}; Path=/admin; SameSite=Strict; Max-Age=31536000`]);
    const request = (cookie: string) => new Request("http://door/admin/check-in/walk-in", { headers: { Cookie: cookie } });
    expect(doorDeviceCookie(request(`summit-door-early=2026-12-19; ${jar.cookie}`))).toBe(device);
    // Not a device id (a hand-made cookie): none.
    for (const junk of ["summit-door-device=x", "summit-door-device=00000000-0000-0000-0000-00000000000g", "other=1", ""])
      expect(doorDeviceCookie(request(junk))).toBeNull();
  });
});
