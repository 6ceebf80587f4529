// The search itself, not the package's entry, which would bring its default lists (about
// 1 KB gzipped) into the page's script for nothing: ours replace them.
import sift3Module from "@zootools/email-spell-checker/dist/lib/helpers/sift3Distance";
import suggestModule from "@zootools/email-spell-checker/dist/lib/suggest-email";
import { PUBLIC_MAIL_PROVIDERS } from "~/db/email";

// "Did you mean sani.garba@gmail.com?": an address at a mistyped big provider is questioned
// before anything is registered, on the server (no JavaScript) and in the page's script alike.
// The distance work is @zootools/email-spell-checker's (the maintained TypeScript successor of
// mailcheck, about 1.3 KB gzipped in the page's script); the lists are ours: the providers people here
// use, and the endings of Nigerian addresses (.ng, .com.ng, .edu.ng…) so that a school's or a
// ministry's address is never "corrected" into a provider's.

// Only long names: a short one ("aol") is two letters away from too many real domains ("abu.edu.ng").
const PROVIDER_NAMES = ["gmail", "googlemail", "yahoo", "ymail", "rocketmail", "hotmail", "outlook", "icloud", "protonmail"];
const ENDINGS = ["com", "net", "org", "ng", "com.ng", "edu.ng", "gov.ng", "org.ng", "net.ng", "sch.ng", "mil.ng", "co.uk", "uk"];
const ENDINGS_MORE = ["co", "io", "me", "edu", "gov", "info", "biz", "africa", "de", "fr", "ca", "us", "za", "gh"];
// These exist at .com only: "gmail.co" or "gmail.com.ng" is a slip, though .co and .com.ng are real endings.
const COM_ONLY = /^(gmail|googlemail|ymail|icloud|rocketmail)\.(?!com$)[a-z.]+$/;

// CommonJS files: a bundler hands their `exports.default` over as the function itself (vitest)
// or, reading them as Node does, as the exports object holding it (the page's and server's build).
function commonJsDefault<T extends (...args: never[]) => unknown>(module: T | { default: T }): T {
  return typeof module === "function" ? module : module.default;
}
const suggest = commonJsDefault(suggestModule);
const sift3Distance = commonJsDefault(sift3Module);

/** The address the person probably meant, or null when theirs looks as intended. */
export function suggestEmail(address: string): string | null {
  const email = address.trim();
  const at = email.lastIndexOf("@");
  if (at < 1) return null;
  // The part before the @ as typed (the library would return it URI-encoded); the domain in lower case.
  const [local, domain] = [email.slice(0, at), email.slice(at + 1).toLowerCase()];
  const comOnly = COM_ONLY.exec(domain);
  if (comOnly) return `${local}@${comOnly[1]}.com`;
  // The library's encodeURI throws on a broken character (a lone surrogate); the schema refuses such an address anyway.
  if (!isWellFormed(domain)) return null;
  const suggested = suggest({
    email: `x@${domain}`,
    domains: [...PUBLIC_MAIL_PROVIDERS],
    secondLevelDomains: PROVIDER_NAMES,
    topLevelDomains: [...ENDINGS, ...ENDINGS_MORE],
    distanceFunction: sift3Distance,
    domainThreshold: 2,
    // One letter off a provider's name with another ending ("hotmial.fr"); two would make "gmx.de" a "gmail.de".
    secondLevelThreshold: 1,
    topLevelThreshold: 2,
  });
  return suggested && suggested.domain !== domain ? `${local}@${suggested.domain}` : null;
}

function isWellFormed(text: string): boolean {
  try {
    encodeURI(text);
    return true;
  } catch {
    return false;
  }
}

/** The question's two answers: submit buttons of the registration form, so they work without JavaScript. */
export const EMAIL_CHOICE = { name: "emailChoice", use: "use", keep: "keep" } as const;
