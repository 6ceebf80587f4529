import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRIVACY_NOTICE } from "~/modules/person/privacy-notice";
import { type CompleteDraft, parseDraft, type UssdAction, type UssdContext, type UssdDraft, ussdStep } from "./menu";
import { isScreenText, SCREEN_MAX } from "./screen-text";
import { ussdContext } from "./test-data";

// The fold's rules: replayed from the start, the action only for the last answer, "0" back,
// drafts continued, a registered person's own menu. Path to Zamfara / Gusau in English:
// 1 English, name, 2 Female, 1 Zamfara (the host state, first), 7 Gusau.
const TO_GUSAU = "1*Amina Bello*2*1*7";

const reply = (text: string, context: UssdContext = ussdContext()) => ussdStep(text, context).reply;

/** A session as the gateway and the route run it: each request gets the draft the previous one returned. */
function session(answers: readonly string[], context: UssdContext = ussdContext()) {
  let savedDraft = context.savedDraft;
  return ["", ...answers].map((_, i) => {
    const text = answers.slice(0, i).join("*");
    const step = ussdStep(text, { ...context, savedDraft });
    savedDraft = step.draft;
    return step;
  });
}

describe("ussdStep", () => {
  it("asks language, name, gender, state, LGA, consent, then confirms", () => {
    expect(reply("")).toBe("CON Arewa Youth Summit\n1 English\n2 Hausa");
    expect(reply("1")).toBe("CON Enter your full name:\n0 Back");
    expect(reply("1*Amina Bello")).toMatch(/^CON Your gender:\n1 Male\n2 Female\n3 Other\n0 Back$/);
    expect(reply("1*Amina Bello*2")).toMatch(/^CON Your state:\n1 Zamfara\n2 Abia\n.*\n98 More\n0 Back$/s);
    expect(reply("1*Amina Bello*2*1")).toMatch(/^CON Your local government:\n1 Anka\n/);
    expect(reply(TO_GUSAU)).toMatch(/^CON Your details are used only to register you/);
    expect(reply(`${TO_GUSAU}*1`)).toBe("CON Please check:\nAmina Bello\nFemale, Gusau, Zamfara\n1 Confirm\n2 Start again\n0 Back");
    const done = ussdStep(`${TO_GUSAU}*1*1`, ussdContext());
    const draft: CompleteDraft = {
      language: "en",
      fullName: "Amina Bello",
      gender: "female",
      state: "Zamfara",
      localGovernment: "Gusau",
      privacyNoticeVersion: PRIVACY_NOTICE.version,
      whatsapp: false,
    };
    const register: UssdAction = { type: "register", draft };
    expect(done.action).toEqual(register);
    expect(done.reply).toMatch(/^END /);
  });

  it("asks whether the ticket should also go on WhatsApp only while WhatsApp is configured, nothing chosen for the person", () => {
    const context = ussdContext({ offerWhatsApp: true });
    const step = (text: string) => ussdStep(text, context);
    expect(step(`${TO_GUSAU}*1`).reply).toBe(
      "CON Also send my ticket on WhatsApp to this number? (Reply STOP there to stop.)\n1 Yes\n2 No\n0 Back",
    );
    // A wrong answer asks again; Back goes to the consent, and the confirmation's Back to this question.
    expect(step(`${TO_GUSAU}*1*7`).reply).toMatch(/^CON Invalid choice\.\nAlso send my ticket on WhatsApp/);
    expect(step(`${TO_GUSAU}*1*0`).reply).toMatch(/^CON Your details are used only/);
    expect(step(`${TO_GUSAU}*1*1*0`).reply).toMatch(/^CON Also send my ticket on WhatsApp/);
    const yes = step(`${TO_GUSAU}*1*1*1`).action;
    const no = step(`${TO_GUSAU}*1*2*1`).action;
    expect(yes?.type === "register" && yes.draft.whatsapp).toBe(true);
    expect(no?.type === "register" && no.draft.whatsapp).toBe(false);
    // In Hausa too, in GSM-7 (no hooked letters).
    expect(ussdStep("2*Amina Bello*2*1*1*1", context).reply).toMatch(
      /^CON A aiko min da tikitina ta WhatsApp ma[^ƙɗɓƴ]*\n1 Eh\n2 A'a\n0 Koma baya$/,
    );
  });

  it("speaks Hausa without hooked letters once Hausa is chosen", () => {
    expect(reply("2")).toBe("CON Rubuta cikakken sunanku:\n0 Koma baya");
    expect(reply("2*Ɗahiru Ƙabir*1*1*7*1")).toBe(
      "CON Duba bayananku:\nDahiru Kabir\nNamiji, Gusau, Zamfara\n1 Tabbatar\n2 Sake farawa\n0 Koma baya",
    );
    // Shown plain, kept as typed.
    const action = ussdStep("2*Ɗahiru Ƙabir*1*1*7*1*1", ussdContext()).action;
    expect(action?.type === "register" && action.draft.fullName).toBe("Ɗahiru Ƙabir");
  });

  it("replays: the same text gives the same step, and only the last answer acts", () => {
    expect(ussdStep(TO_GUSAU, ussdContext())).toEqual(ussdStep(TO_GUSAU, ussdContext()));
    expect(ussdStep(TO_GUSAU, ussdContext()).action).toEqual({ type: "send-privacy-link", language: "en" });
    // Past the consent screen, or back on it in the same session: no second link.
    expect(ussdStep(`${TO_GUSAU}*1`, ussdContext()).action).toBeNull();
    expect(ussdStep(`${TO_GUSAU}*0*7`, ussdContext()).action).toBeNull();
    expect(ussdStep(`${TO_GUSAU}*1*0`, ussdContext()).action).toBeNull();
  });

  it("goes back one screen with 0, and a list to the page of what was chosen", () => {
    expect(reply("1*Amina Bello*0")).toBe(reply("1"));
    expect(reply("1*Amina Bello*2*0")).toBe(reply("1*Amina Bello"));
    expect(reply("1*Amina Bello*2*98*0")).toBe(reply("1*Amina Bello*2"));
    expect(reply("1*Amina Bello*2*1*0")).toBe(reply("1*Amina Bello*2"));
    // Sokoto, on the last page of states: back from its LGAs to that page.
    expect(reply("1*Amina Bello*2*98*98*98*98*3*0")).toBe(reply("1*Amina Bello*2*98*98*98*98"));
    expect(reply(`${TO_GUSAU}*0`)).toBe(reply("1*Amina Bello*2*1"));
    expect(reply(`${TO_GUSAU}*1*0`)).toBe(reply(TO_GUSAU));
    expect(reply("1*0")).toBe(reply(""));
    // Back to Zamfara's page (the first), Abia: a new state's list opens on its first page.
    expect(reply(`${TO_GUSAU}*0*0*2*1*1`)).toMatch(/\nFemale, Aba North, Abia\n/);
  });

  it("repeats a screen after a wrong answer, with a short message on top", () => {
    expect(reply("0")).toBe("CON Invalid choice. / Ba daidai ba.\nArewa Youth Summit\n1 English\n2 Hausa");
    expect(reply("1*Amina Bello*4")).toBe(`CON Invalid choice.\n${reply("1*Amina Bello").slice(4)}`);
    expect(reply("1*Amina Bello*2*98*98*98*98*98")).toBe(`CON Invalid choice.\n${reply("1*Amina Bello*2*98*98*98*98").slice(4)}`);
    expect(reply("1*Amina Bello*")).toBe(`CON Invalid choice.\n${reply("1*Amina Bello").slice(4)}`);
    expect(reply("1*")).toBe("CON Please type your name.\nEnter your full name:\n0 Back");
    expect(reply("1*   ")).toBe("CON Please type your name.\nEnter your full name:\n0 Back");
    expect(reply("1*1")).toMatch(/^CON Please type your name in letters\.\n/);
    expect(reply("1*Musa www.win.com")).toMatch(/^CON Just your name, no link\.\n/);
    expect(reply("1*Musa\u0000Sani")).toMatch(/^CON Please type your name in letters\.\n/);
    expect(reply(`1*${"a".repeat(121)}`)).toMatch(/^CON At most 120 characters\.\n/);
    expect(reply(`1*${"a".repeat(120)}`)).toMatch(/^CON Your gender:/);
    expect(reply("2*x")).toMatch(/^CON Jinsinku:/);
    expect(reply("2*x*9")).toMatch(/^CON Ba daidai ba\.\nJinsinku:/);
  });

  it("keeps a name as typed, tidied: spaces trimmed and single, NFC", () => {
    const action = ussdStep("1*  Amina \t  Bello *2*1*7*1*1", ussdContext()).action;
    expect(action?.type === "register" && action.draft.fullName).toBe("Amina Bello");
    const nfd = "Zaina\u0301b";
    const composed = ussdStep(`1*${nfd}*2*1*7*1*1`, ussdContext()).action;
    expect(composed?.type === "register" && composed.draft.fullName).toBe("Zain\u00E1b");
  });

  it("ends politely, keeping nothing, when consent is refused", () => {
    const refused = ussdStep(`${TO_GUSAU}*2`, ussdContext());
    expect(refused.reply).toMatch(/^END No problem: nothing was kept\./);
    expect(refused.draft).toBeNull();
    expect(refused.action).toBeNull();
  });

  it("says registration is closed, in both languages, whatever was answered", () => {
    const closed = ussdContext({ registrationOpen: false });
    expect(reply("", closed)).toBe("END Arewa Youth Summit\nRegistration is closed.\nAn rufe rajista.");
    expect(ussdStep(`${TO_GUSAU}*1*1`, closed)).toEqual({ reply: reply("", closed), draft: null, action: null });
  });

  it("says the session is over after an END, instead of reading on", () => {
    const over = ussdStep(`${TO_GUSAU}*2*1`, ussdContext());
    expect(over.reply).toBe("END Please start again by dialling the code.");
    expect(over.action).toBeNull();
  });
});

describe("a registered person's menu", () => {
  const registered = ussdContext({ registration: { ticketId: "ZYS-MH4K2X1A-AB23CD", language: "ha" } });
  const waitlisted = ussdContext({ registration: { waitlisted: true, position: 12, language: "en" } });

  it("shows the ticket in their language, and resends it or cancels after a confirmation", () => {
    expect(reply("", registered)).toBe(
      "CON Arewa Youth Summit, Asabar 12 Disamba, 2026, Gusau\nTikitinku: ZYS-MH4K2X1A-AB23CD\n1 Sake aiko min tikitina ta SMS\n2 Soke rajistata\n0 Fita",
    );
    expect(ussdStep("1", registered).action).toEqual({ type: "resend-ticket" });
    expect(ussdStep("2", registered).action).toBeNull();
    expect(reply("2", registered)).toMatch(/^CON Ku soke tikiti ZYS-MH4K2X1A-AB23CD\?/);
    expect(ussdStep("2*1", registered).action).toEqual({ type: "cancel" });
    expect(reply("2*2", registered)).toBe("END Ba abin da ya canza.");
    expect(reply("2*0", registered)).toBe(reply("", registered));
    expect(reply("2*7", registered)).toMatch(/^CON Ba daidai ba\.\nKu soke/);
    expect(reply("0", registered)).toBe("END Sai an jima.");
    expect(reply("hello", registered)).toBe("END Sai an jima.");
    expect(ussdStep("1*2", registered).action).toBeNull();
    for (const text of ["", "1", "2", "2*1", "0"]) expect(ussdStep(text, registered).draft).toBeNull();
  });

  it("shows a place on the waitlist, and leaving it after a confirmation", () => {
    expect(reply("", waitlisted)).toMatch(
      /\nYou are number 12 on the waitlist\.\n1 Send my place by SMS again\n2 Leave the waitlist\n0 Exit$/,
    );
    expect(reply("2", waitlisted)).toMatch(/^CON Leave the waitlist\? You lose your place in line\.\n1 Yes, leave\n2 No, stay\n0 Back$/);
    expect(ussdStep("2*1", waitlisted).action).toEqual({ type: "cancel" });
  });

  it("is offered even when registration is closed, and whatever draft was saved", () => {
    const savedDraft = ussdStep("1*Amina Bello", ussdContext({ sessionId: "before" })).draft;
    expect(reply("", { ...registered, registrationOpen: false, savedDraft })).toBe(reply("", registered));
  });
});

describe("continuing a saved draft", () => {
  const earlier = (text: string) => ussdStep(text, ussdContext({ sessionId: "ATUid_earlier" })).draft;

  it("offers to continue, in the draft's language, where it was", () => {
    const savedDraft = earlier("2*Amina Bello*2*1");
    expect(reply("", ussdContext({ savedDraft }))).toBe("CON Akwai rajistar da ba ku gama ba.\n1 Ci gaba\n2 Sake farawa");
    expect(reply("1", ussdContext({ savedDraft }))).toBe(reply("2*Amina Bello*2*1"));
    expect(reply("2", ussdContext({ savedDraft }))).toBe(reply(""));
    expect(reply("3", ussdContext({ savedDraft }))).toMatch(/^CON Ba daidai ba\.\nAkwai rajistar/);
    // Continued on the confirmation: register with the saved details.
    const confirmed = ussdStep("1*1", ussdContext({ savedDraft: earlier(`${TO_GUSAU}*1`) }));
    expect(confirmed.action?.type).toBe("register");
  });

  it("sends the privacy link when it continues onto the consent screen", () => {
    expect(ussdStep("1", ussdContext({ savedDraft: earlier(TO_GUSAU) })).action).toEqual({ type: "send-privacy-link", language: "en" });
  });

  it("asks for consent again when the privacy notice changed since", () => {
    const savedDraft = earlier(`${TO_GUSAU}*1`) as UssdDraft;
    const older: UssdDraft = { ...savedDraft, progress: savedDraft.progress && { ...savedDraft.progress, consentedVersion: "0" } };
    expect(reply("1", ussdContext({ savedDraft: older }))).toBe(reply(TO_GUSAU));
  });

  it("does not offer a draft that has nothing in it, nor a draft it cannot read", () => {
    expect(earlier("")).toBeNull();
    expect(reply("", ussdContext({ savedDraft: { nonsense: true } as unknown as UssdDraft }))).toBe(reply(""));
  });

  it("gives every request of a session the same screens whether it is passed the session's own draft or the one it started from", () => {
    const savedDraft = earlier("1*Amina Bello*2*98");
    for (const answers of [
      ["1", "98", "98", "98", "5", "7", "0", "7", "1", "1"],
      ["2", "2", "Musa Sani", "1", "1", "1", "1", "2"],
      ["1", "0", "0", "0", "x", "3", "1"],
    ]) {
      const run = session(answers, ussdContext({ savedDraft }));
      const fixed = ["", ...answers].map((_, i) => ussdStep(answers.slice(0, i).join("*"), ussdContext({ savedDraft })));
      expect(run.map((s) => [s.reply, s.action])).toEqual(fixed.map((s) => [s.reply, s.action]));
    }
  });

  it("continues a session's progress in the next session after the call dropped", () => {
    const dropped = session(["1", "Amina Bello", "2", "1"]).at(-1);
    expect(reply("", ussdContext({ sessionId: "ATUid_next", savedDraft: dropped?.draft ?? null }))).toMatch(/^CON You have a registration/);
    expect(reply("1", ussdContext({ sessionId: "ATUid_next", savedDraft: dropped?.draft ?? null }))).toMatch(/^CON Your local government:/);
  });
});

describe("parseDraft", () => {
  it("reads back every draft the menu writes, through JSON", () => {
    const draft = ussdStep(`${TO_GUSAU}*1`, ussdContext()).draft;
    expect(draft).not.toBeNull();
    expect(parseDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it("refuses what is not a draft of this version, or names what no list has", () => {
    const draft = ussdStep(`${TO_GUSAU}*1`, ussdContext()).draft as UssdDraft;
    const progress = draft.progress as NonNullable<UssdDraft["progress"]>;
    for (const bad of [
      null,
      "draft",
      42,
      [],
      {},
      { ...draft, version: 2 },
      { ...draft, progress: { ...progress, state: "Lagoss" } },
      { ...draft, progress: { ...progress, localGovernment: "Ikeja" } },
      { ...draft, progress: { ...progress, gender: "x" } },
      { ...draft, progress: { ...progress, language: "fr" } },
      { ...draft, progress: { ...progress, at: "elsewhere" } },
      { ...draft, progress: { ...progress, fullName: "http://evil.com" } },
    ]) {
      expect(parseDraft(bad)).toBeNull();
    }
    // A page out of range is read as the first page.
    expect(parseDraft({ ...draft, progress: { ...progress, page: 9999 } })?.progress?.page).toBe(0);
  });
});

describe("ussdStep on nasty input", () => {
  const valid = (text: string, context: UssdContext) => {
    const step = ussdStep(text, context);
    expect(step.reply).toMatch(/^(CON|END) /);
    expect(step.reply.length).toBeLessThanOrEqual(SCREEN_MAX);
    expect(isScreenText(step.reply)).toBe(true);
    if (step.draft) expect(parseDraft(JSON.parse(JSON.stringify(step.draft)))).toEqual(step.draft);
  };
  const contexts = [
    ussdContext(),
    ussdContext({ registration: { ticketId: "ZYS-A-BCDEFG", language: "en" } }),
    ussdContext({ savedDraft: ussdStep(`${TO_GUSAU}*1`, ussdContext({ sessionId: "x" })).draft }),
  ];

  it("always answers a valid screen, never throws", () => {
    const answer = fc.oneof(
      fc.constantFrom("0", "1", "2", "3", "98", "99", "", " ", "*", "#", "00", "01", "-1", "1e3", "0x1", "١"),
      fc.string({ unit: "grapheme-composite", maxLength: 30 }),
      fc.string({ unit: "binary", maxLength: 30 }),
      fc.constantFrom("\u0000", "\uD800", "\uDC00x", "e\u0301\u0301\u0301", "\u202E", "\r\n", "\t", "{{max}}", "$t(mail.ussd.back)"),
    );
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 25 }), fc.constantFrom(...contexts.keys()), (answers, which) => {
        valid(answers.join("*"), contexts[which] as UssdContext);
      }),
      { numRuns: 400 },
    );
  });

  it("handles huge inputs and endless stars quickly", () => {
    for (const context of contexts) {
      for (const text of [
        "*".repeat(100_000),
        "98*".repeat(5000),
        `1*${"a".repeat(1_000_000)}`,
        "1*".repeat(99),
        "0*".repeat(101),
        "\uD800".repeat(10_000),
      ]) {
        const started = performance.now();
        valid(text, context);
        expect(performance.now() - started).toBeLessThan(200);
      }
    }
  });
});
