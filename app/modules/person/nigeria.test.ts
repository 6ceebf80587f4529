import { describe, expect, it } from "vitest";
import {
  canonicalStateName,
  FCT_NAME,
  HOST_STATE,
  isValidLga,
  isValidState,
  lgasOf,
  NIGERIA_STATES,
  STATE_NAMES,
  STATES_HOST_FIRST,
} from "./nigeria";

// Official LGA counts per state (INEC); FCT counts its six Area Councils.
const OFFICIAL_COUNTS: Record<string, number> = {
  Abia: 17,
  Adamawa: 21,
  "Akwa Ibom": 31,
  Anambra: 21,
  Bauchi: 20,
  Bayelsa: 8,
  Benue: 23,
  Borno: 27,
  "Cross River": 18,
  Delta: 25,
  Ebonyi: 13,
  Edo: 18,
  Ekiti: 16,
  Enugu: 17,
  "Federal Capital Territory": 6,
  Gombe: 11,
  Imo: 27,
  Jigawa: 27,
  Kaduna: 23,
  Kano: 44,
  Katsina: 34,
  Kebbi: 21,
  Kogi: 21,
  Kwara: 16,
  Lagos: 20,
  Nasarawa: 13,
  Niger: 25,
  Ogun: 20,
  Ondo: 18,
  Osun: 30,
  Oyo: 33,
  Plateau: 17,
  Rivers: 23,
  Sokoto: 23,
  Taraba: 16,
  Yobe: 17,
  Zamfara: 14,
};

const collator = new Intl.Collator("en");
const isSorted = (list: readonly string[]) => list.every((item, i) => i === 0 || collator.compare(list[i - 1]!, item) < 0);

describe("Nigeria states and LGAs", () => {
  it("has the 36 states and the FCT", () => {
    expect(NIGERIA_STATES).toHaveLength(37);
    expect(new Set(STATE_NAMES).size).toBe(37);
    expect(STATE_NAMES).toContain(FCT_NAME);
    expect(STATE_NAMES).not.toContain("FCT");
  });

  it("has 774 LGAs, and the official count table itself sums to 774", () => {
    expect(Object.values(OFFICIAL_COUNTS).reduce((a, b) => a + b, 0)).toBe(774);
    expect(NIGERIA_STATES.reduce((n, s) => n + s.lgas.length, 0)).toBe(774);
  });

  it("matches the official count of every state", () => {
    const actual = Object.fromEntries(NIGERIA_STATES.map((s) => [s.name, s.lgas.length]));
    expect(actual).toEqual(OFFICIAL_COUNTS);
  });

  it("spells Katsina right", () => {
    expect(STATE_NAMES).toContain("Katsina");
    const everything = [...STATE_NAMES, ...NIGERIA_STATES.flatMap((s) => s.lgas)];
    expect(everything.filter((name) => /kastina/i.test(name))).toEqual([]);
  });

  it("lists the host state's 14 LGAs", () => {
    expect(lgasOf("Zamfara")).toEqual([
      "Anka",
      "Bakura",
      "Birnin Magaji/Kiyaw",
      "Bukkuyum",
      "Bungudu",
      "Gummi",
      "Gusau",
      "Kaura Namoda",
      "Maradun",
      "Maru",
      "Shinkafi",
      "Talata Mafara",
      "Tsafe",
      "Zurmi",
    ]);
  });

  it("has no duplicate LGA within a state", () => {
    for (const state of NIGERIA_STATES) {
      expect(new Set(state.lgas).size, state.name).toBe(state.lgas.length);
    }
  });

  it("has no empty names and no leading, trailing or doubled spaces", () => {
    const clean = (name: string) => name.length > 0 && name === name.trim() && !/\s{2}/.test(name) && !/[^\x20-\x7e]/.test(name);
    for (const state of NIGERIA_STATES) {
      expect(clean(state.name), JSON.stringify(state.name)).toBe(true);
      for (const lga of state.lgas) expect(clean(lga), `${state.name}: ${JSON.stringify(lga)}`).toBe(true);
    }
  });

  it("is sorted: states alphabetically, LGAs alphabetically within each state", () => {
    expect(isSorted(STATE_NAMES)).toBe(true);
    for (const state of NIGERIA_STATES) expect(isSorted(state.lgas), state.name).toBe(true);
  });

  it("keeps the corrected spellings", () => {
    expect(lgasOf("Rivers")).toContain("Emohua");
    expect(lgasOf("Niger")).toContain("Munya");
    expect(lgasOf("Taraba")).toContain("Kurmi");
    expect(lgasOf("Bayelsa")).toEqual(["Brass", "Ekeremor", "Kolokuma/Opokuma", "Nembe", "Ogbia", "Sagbama", "Southern Ijaw", "Yenagoa"]);
    expect(lgasOf(FCT_NAME)).toEqual(["Abaji", "Abuja Municipal Area Council", "Bwari", "Gwagwalada", "Kuje", "Kwali"]);
  });
});

describe("helpers (exact, case-sensitive matching)", () => {
  it("lgasOf returns a state's LGAs, or nothing for an unknown state", () => {
    expect(lgasOf("Lagos")).toHaveLength(20);
    expect(lgasOf("lagos")).toEqual([]);
    expect(lgasOf("Kastina")).toEqual([]);
    expect(lgasOf("")).toEqual([]);
  });

  it("isValidState accepts exact names only", () => {
    expect(isValidState("Zamfara")).toBe(true);
    expect(isValidState("Akwa Ibom")).toBe(true);
    expect(isValidState(FCT_NAME)).toBe(true);
    expect(isValidState("zamfara")).toBe(false);
    expect(isValidState(" Zamfara")).toBe(false);
    expect(isValidState("FCT")).toBe(false);
    expect(isValidState("Kastina")).toBe(false);
    expect(isValidState("")).toBe(false);
  });

  it("isValidLga accepts an LGA only in its own state", () => {
    expect(isValidLga("Zamfara", "Gusau")).toBe(true);
    expect(isValidLga("Katsina", "Katsina")).toBe(true);
    expect(isValidLga("Oyo", "Surulere")).toBe(true);
    expect(isValidLga("Lagos", "Surulere")).toBe(true);
    expect(isValidLga("Lagos", "Gusau")).toBe(false);
    expect(isValidLga("Zamfara", "gusau")).toBe(false);
    expect(isValidLga("Zamfara", "Chafe")).toBe(false);
    expect(isValidLga("Unknown", "Gusau")).toBe(false);
    expect(isValidLga("Zamfara", "")).toBe(false);
  });

  it("canonicalStateName tolerates case, spacing and the FCT's short names", () => {
    expect(canonicalStateName("Zamfara")).toBe("Zamfara");
    expect(canonicalStateName("  akwa   ibom ")).toBe("Akwa Ibom");
    expect(canonicalStateName("Kano State")).toBe("Kano");
    expect(canonicalStateName("FCT")).toBe(FCT_NAME);
    expect(canonicalStateName("fct (Abuja)")).toBe(FCT_NAME);
    expect(canonicalStateName("FCT - Abuja")).toBe(FCT_NAME);
    expect(canonicalStateName("Abuja")).toBe(FCT_NAME);
    expect(canonicalStateName("Federal Capital Territory, Abuja")).toBe(FCT_NAME);
    expect(canonicalStateName("Kastina")).toBeUndefined();
    expect(canonicalStateName("")).toBeUndefined();
  });
});

describe("the order states are offered in", () => {
  it("puts the host state first, then the other 36 alphabetically, each once", () => {
    expect(isValidState(HOST_STATE)).toBe(true);
    const names = STATES_HOST_FIRST.map((s) => s.name);
    expect(names[0]).toBe("Zamfara");
    expect([...names].sort()).toEqual([...STATE_NAMES].sort());
    expect(names.slice(1)).toEqual(STATE_NAMES.filter((name) => name !== HOST_STATE));
    expect(STATES_HOST_FIRST[0]?.lgas).toEqual(lgasOf("Zamfara"));
  });
});
