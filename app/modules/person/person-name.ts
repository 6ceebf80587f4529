// What a person's name may not carry: a name is written into the mails the site sends to the
// address given with it ("Hello <name>,"), so a name holding a link or an address would let
// anyone send their own words, and their link, from the summit's mailbox to anyone
// (docs/decisions/010-names-and-addresses.md). No imports: the registration schema ships it
// to the browser (register-page-script.ts), where every byte counts.

export const NAME_LINK_MESSAGE = "validation.nameLink";
export const NAME_CONTROL_MESSAGE = "validation.nameControl";

// The endings a mail client turns into a link, most used for phishing first. Every two-letter
// ending counts too (country codes: .ng, .ly, .co). Left out on purpose: endings that are also
// common Nigerian given names (.faith, .gift, .love, .hope), which a person might write straight
// after a title ("Mrs.Faith").
const TLDS = new Set(
  (
    "com net org info biz edu gov mil int name pro mobi app dev xyz top site online link click live shop store club space " +
    "website tech blog news world life today cloud email agency africa icu buzz rest fun page digital network services " +
    "support help money loan finance bank cash pay win bid vip work host press wiki zone bet casino ltd company business " +
    "global social group center media web download stream video chat"
  ).split(" "),
);

// Titles people write before a name, often with no space after the dot ("Dr.Ni'ima", "Alh.Musa").
// After one of these, two letters that carry on as a name with an apostrophe ("dr.ni'ima") are
// the start of the name; two letters that stop there ("dr.ly") are a country ending a mail
// client links, and a well-known ending (TLDS) always is: "alh.xyz" is a link.
const TITLES = new Set(
  "alh alhaji hajia hajiya mal mall dr prof engr arc barr bar hon sen rt rev pst fr sr jr st mr mrs ms miss sir capt col gen maj lt sgt cpl amb comr chief dcn evang muh moh".split(
    " ",
  ),
);

/** A copy for looking at: compatibility forms folded (fullwidth letters, ligatures), marks and invisible characters dropped, lower case, any full stop a dot. */
function folded(name: string): string {
  return name
    .normalize("NFKC")
    .normalize("NFD")
    .replace(/[\p{M}\p{Cf}]/gu, "")
    .replace(/[\u3002\uFF61\uFE12\u2024]/g, ".")
    .toLowerCase();
}

// The apostrophes a name is written with: ASCII, typographic, and Hausa's glottal ʼ (a letter).
const APOSTROPHES = "'\u2019\u02BC";
const APOSTROPHE = new RegExp(`[${APOSTROPHES}]`, "u");
/** Dots, apostrophes and hyphens around a word, which belong to no label. */
const WORD_EDGES = new RegExp(`^[.${APOSTROPHES}-]+|[.${APOSTROPHES}-]+$`, "gu");
/** What separates words: anything but letters, digits, dots, apostrophes and hyphens. */
const WORD_BREAK = new RegExp(`[^\\p{L}\\p{N}.${APOSTROPHES}-]+`, "u");

/**
 * `label.ending` with a label of two or more characters and an ending a mail client links (see
 * TLDS). A word may hold apostrophes ("dr.ni'ima"): the label is what follows its last one, the
 * ending what comes before its first, since a linker stops there ("evil.ly'x" links evil.ly).
 */
function isDomainLike(token: string): boolean {
  const labels = token.replace(WORD_EDGES, "").split(".");
  if (labels.length < 2) return false;
  const [ending = "", ...nameTail] = (labels.at(-1) ?? "").split(APOSTROPHE);
  const label = (labels.at(-2) ?? "").split(APOSTROPHE).at(-1) ?? "";
  if (label.length < 2 || !/^[a-z]{2,}$/.test(ending)) return false;
  if (TLDS.has(ending)) return true;
  return ending.length === 2 && !(TITLES.has(label) && nameTail.length > 0);
}

/**
 * Why `name` is not just a name, as the form says it, or null when it is. Links and addresses:
 * `@`, a scheme (`http`, `://`, `mailto:`), `www.`, a domain with a path (`t.co/x`), or a
 * domain-like word (`evil.com`, `bit.ly`); dotted initials and titles ("A.B. Sani", "Alh.Musa")
 * are not domains. Control characters (a new line, NUL) are refused too: a name is one line.
 */
export function nameProblem(name: string): string | null {
  if (/\p{Cc}/u.test(name)) return NAME_CONTROL_MESSAGE;
  const text = folded(name);
  if (/@|https?|www\.|:\/\/|mailto:|[\p{L}\p{N}-]\.[a-z]{2,}\//u.test(text)) return NAME_LINK_MESSAGE;
  return text.split(WORD_BREAK).some(isDomainLike) ? NAME_LINK_MESSAGE : null;
}
