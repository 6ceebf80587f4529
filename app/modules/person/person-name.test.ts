import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileString } from "#tests/support/hostile-input.ts";
import { validateRegistration } from "./fields";
import { NAME_CONTROL_MESSAGE, NAME_LINK_MESSAGE, nameProblem } from "./person-name";
import { registrationInput } from "./test-data.server";

// Real names pass, links and addresses do not (docs/decisions/010-names-and-addresses.md holds
// this list and the reasons).

/** Names as people in Zamfara and across Nigeria write them: every one must pass. */
const REAL_NAMES = [
  "Amina Yusuf",
  "Ɗanladi Ƙasimu",
  "Hauwa Ɓello",
  "Ƴusuf Ɗanjuma",
  "Ni'ima Sani",
  "Niʼima Sani",
  "Ni’ima Sani",
  "Sa'adatu Abdullahi",
  "Abdullahi M. Bello",
  "A.B. Sani",
  "A. B. Sani",
  "A.B.Sani",
  "Alh. Musa Garba",
  "Alh.Musa Garba",
  "Dr. Aisha Bashir",
  "Dr.Aisha Bashir",
  "Dr.Ni'ima Sani",
  "Dr.Niʼima Sani",
  "Mal.Sa'adatu Bello",
  "Hajiya Zainab Idris",
  "Engr. Ibrahim Danfulani",
  "Prof.Ali Mahmud",
  "Mal.Isa Umar",
  "Hon. Nasiru Gusau",
  "Mrs.Faith Okafor",
  "Mrs. Gift Eze",
  "Chukwuemeka Obi-Okonkwo",
  "Ngozi Okonjo-Iweala",
  "Oluwaseun Adébáyọ̀",
  "Ọlábísí Ògúnlẹ́yẹ",
  "Ifeanyi Nwachukwu",
  "Muhammad Sani Jr.",
  "St.Mary Ogbu",
  "Abubakar Bala II",
  "Fatima Ɗan-Baba",
  "ʼYar Gusau",
  "Umar Faruk Na'Allah",
  "Maryam Bint-Musa",
  "Khadijah El-Rufai",
  "Zainab S. Mohammed",
  "M.K.O. Abiola",
  "Sir Ahmadu Bello",
  "محمد ساني",
];

const LINKS = [
  "Hello x ACTION NEEDED: pay N2,000 at https://pay.example.com/x",
  "http://evil",
  "visit www.evil",
  "evil.com",
  "Amina evil.com",
  "EVIL.COM",
  "Evil.Com.Ng",
  "bit.ly/x",
  "t.co/abc",
  "go to bit.ly",
  "pay at gtb.ng",
  "x@y",
  "amina@example.com",
  "Amina ＠ example",
  "ｅｖｉｌ．ｃｏｍ",
  "evil\u200B.com",
  "evil。com",
  "e\u0301vil.com",
  "mailto:x",
  "ftp://x",
  "javascript://x",
  "claim.xyz",
  "Amina pay.online",
  "dr.ly",
  "Amina mr.ng",
  "st.ng/x",
  "x'evil.com",
  "evil.ly'x",
];

describe("nameProblem", () => {
  it.each(REAL_NAMES)("lets the real name %s through", (name) => {
    expect(nameProblem(name)).toBeNull();
    expect(validateRegistration(registrationInput({ fullName: name }))).toHaveProperty("value");
  });

  it.each(LINKS)("refuses the link or address in %s", (name) => {
    expect(nameProblem(name)).toBe(NAME_LINK_MESSAGE);
    expect(validateRegistration(registrationInput({ fullName: name }))).toEqual({ error: { fullName: [NAME_LINK_MESSAGE] } });
  });

  it("refuses a name on several lines or with control characters", () => {
    for (const name of ["Amina\nACTION NEEDED", "Amina\r\nBcc: x", "Amina\u0000", "Amina\u001b[31m", "Amina\tYusuf"])
      expect(nameProblem(name), JSON.stringify(name)).toBe(NAME_CONTROL_MESSAGE);
  });

  it("refuses any text with a domain or address in it, whatever surrounds it", () => {
    const label = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}[a-z0-9]$/);
    const ending = fc.constantFrom("com", "net", "org", "ng", "ly", "io", "xyz", "online", "co", "COM", "Ng");
    const link = fc.oneof(
      fc.tuple(label, ending).map(([l, e]) => `${l}.${e}`),
      fc.tuple(label, ending, label).map(([l, e, p]) => `${l}.${e}/${p}`),
      fc.tuple(label, label).map(([l, d]) => `${l}@${d}`),
      label.map((l) => `https://${l}`),
      label.map((l) => `www.${l}`),
      // A title's letters can be a domain's label too ("dr.ly"): the generator found it once.
      fc.tuple(fc.constantFrom("dr", "mr", "st", "alh", "mal"), ending).map(([t, e]) => `${t}.${e}`),
    );
    const around = fc.stringMatching(/^[A-Za-zƙɗɓƴʼ' ]{0,20}$/);
    fc.assert(
      fc.property(around, link, around, (before, found, after) => {
        expect(nameProblem(`${before} ${found} ${after}`)).not.toBeNull();
      }),
    );
  });

  it("lets names built from Nigerian name parts through: initials, titles, Hausa letters, apostrophes, hyphens, marks", () => {
    const part = fc.constantFrom(
      "Amina",
      "Ɗanladi",
      "Ƙasimu",
      "Ɓello",
      "Ƴusuf",
      "Ni'ima",
      "Niʼima",
      "Obi-Okonkwo",
      "Adébáyọ̀",
      "Sa'adatu",
      "Faith",
      "Gift",
      "Musa",
    );
    const title = fc.constantFrom("", "Alh. ", "Alh.", "Dr. ", "Dr.", "Hajiya ", "Mal.", "Engr. ", "Prof.");
    const initials = fc.constantFrom("", "A. ", "A.B. ", "M.K.O. ", "S.");
    fc.assert(
      fc.property(title, part, initials, part, (t, first, middle, last) => {
        expect(nameProblem(`${t}${first} ${middle}${last}`)).toBeNull();
      }),
    );
  });

  it("never throws on hostile input, and answers with one of its own messages", () => {
    fc.assert(
      fc.property(hostileString, (name) => {
        expect([null, NAME_LINK_MESSAGE, NAME_CONTROL_MESSAGE]).toContain(nameProblem(name));
      }),
    );
  });
});
