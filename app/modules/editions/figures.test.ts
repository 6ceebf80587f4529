import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/translate.server";
import { type FigureCounts, figureCounts, figuresLine } from "./figures";

const en = (counts: FigureCounts) => figuresLine(translator("en"), "en", counts);
const ha = (counts: FigureCounts) => figuresLine(translator("ha"), "ha", counts);

describe("an edition's figures line", () => {
  it("counts the states anyone came from, not those listed with none", () => {
    const figures = { registered: 7, attended: 5, states: { Zamfara: 5, Sokoto: 2, Kebbi: 0 } };
    expect(figureCounts(figures)).toEqual({ people: 7, states: 2, attended: 5 });
    expect(figureCounts({ registered: 0, attended: 0, states: {} })).toEqual({ people: 0, states: 0, attended: 0 });
  });

  it("says each count in its plural form, and thousands with a separator, in English", () => {
    expect(en({ people: 1250, states: 14, attended: 980 })).toBe("1,250 young people from 14 states; 980 attended");
    expect(en({ people: 1, states: 1, attended: 1 })).toBe("1 young person from 1 state; 1 attended");
    expect(en({ people: 2, states: 1, attended: 0 })).toBe("2 young people from 1 state; none attended");
  });

  it("says the same in Hausa, the noun before its number", () => {
    expect(ha({ people: 1250, states: 14, attended: 980 })).toBe("Matasa 1,250 daga jihohi 14; mutane 980 sun halarta");
    expect(ha({ people: 1, states: 1, attended: 1 })).toBe("Matashi 1 daga jiha 1; mutum 1 ya halarta");
    expect(ha({ people: 2, states: 1, attended: 0 })).toBe("Matasa 2 daga jiha 1; babu wanda ya halarta");
  });

  it("says no one registered rather than 0 young people from 0 states", () => {
    const none = { people: 0, states: 0, attended: 0 };
    expect(en(none)).toBe("No one registered for this edition.");
    expect(ha(none)).toBe("Babu wanda ya yi rajista a wannan zagaye.");
  });

  it("leaves out the states when the figures have none", () => {
    expect(en({ people: 3, states: 0, attended: 2 })).toBe("3 young people; 2 attended");
    expect(ha({ people: 3, states: 0, attended: 2 })).toBe("Matasa 3; mutane 2 sun halarta");
  });
});
