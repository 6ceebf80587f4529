// How a name is searched as people type it (issue 42): phone keyboards rarely have ɗ ƙ ƴ ɓ or
// accents, people type "danjuma" for "Ɗanjuma", "yar adua" or "yaradua" for "Ƴar'adua", and
// "abubakar gusau" for "Abubakar Sani Gusau". One rule, written twice on purpose: as SQL for the
// database's stored, generated column (search-key-sql.ts: attendees.search_key, so the list and
// the door never fold 50,000 names per keystroke) and as JavaScript here, for the offline door,
// which searches the phone's own copy of the list. search-key.test.ts holds the two to the same
// answers.
//
// The key: the name decomposed (NFKD) with its combining marks dropped (é → e), the hooked
// letters as their plain ones (ɗ → d, ƙ → k, ƴ → y, ɓ → b), A–Z lower-cased (only ASCII: the
// database's lower() depends on its locale, `COLLATE "C"` does not), then every word twice: with
// its apostrophes and hyphens dropped ("yaradua") and split at them ("yar adua"), each word
// after a space, so that "a word starting with x" is `like '% x%'`.

/** Combining marks left by NFKD: diacritics (U+0300–036F) and their supplements. */
export const MARKS = "\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f";
export const HOOKED = { from: "ƊƘƳƁɗƙƴɓ", to: "dkybdkyb" } as const;
/** Apostrophes as typed (' ʼ ’ ‘ `) and hyphens: inside a word, they join or split it. */
export const JOINERS = "'\\u02bc\\u2019\\u2018`-";

const MARKS_JS = new RegExp(`[${MARKS}]`, "g");
const JOINERS_JS = new RegExp(`[${JOINERS}]`, "g");
const HOOKED_JS = new RegExp(`[${HOOKED.from}]`, "g");

function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(MARKS_JS, "")
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(HOOKED_JS, (c) => HOOKED.to[HOOKED.from.indexOf(c)] ?? c);
}

// ASCII white space only, as the database's \s under "C" (NFKD has already made other spaces " ").
const words = (text: string) => text.split(/[ \t\n\v\f\r]+/).filter(Boolean);

/** The search key of a name, as the database stores it in attendees.search_key. */
export function nameSearchKey(name: string): string {
  const folded = fold(name);
  return ` ${[...words(folded.replace(JOINERS_JS, "")), ...words(folded.replace(JOINERS_JS, " "))].join(" ")} `;
}

/**
 * The words of a search as a key's words begin: folded as names are, split at spaces, apostrophes
 * and hyphens ("yar'adua" is "yar" and "adua", both found in " yaradua yar adua "). At most 8.
 */
export function searchWords(text: string): string[] {
  return words(fold(text).replace(JOINERS_JS, " ")).slice(0, 8);
}

/** Does a key (nameSearchKey) have a word starting with each of `typed`'s words, in any order? */
export function keyMatches(key: string, typed: readonly string[]): boolean {
  return typed.length > 0 && typed.every((word) => key.includes(` ${word}`));
}

/** How many of `typed`'s words are whole words of a key (nameSearchKey): the best matches first. */
export function wholeWords(key: string, typed: readonly string[]): number {
  return typed.filter((word) => key.includes(` ${word} `)).length;
}
