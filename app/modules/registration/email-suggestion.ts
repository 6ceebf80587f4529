import { run } from "@zootools/email-spell-checker";

// "Did you mean sani.garba@gmail.com?": an address at a mistyped big provider is questioned
// before anything is registered, on the server (no JavaScript) and in the page's script alike.
// The distance work is @zootools/email-spell-checker's (the maintained TypeScript successor of
// mailcheck, about 1.5 KB in the page's script); the lists are ours: the providers people here
// use, and the endings of Nigerian addresses (.ng, .com.ng, .edu.ng…) so that a school's or a
// ministry's address is never "corrected" into a provider's.

const PROVIDERS = [
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "ymail.com",
  "rocketmail.com",
  "yahoo.co.uk",
  "hotmail.com",
  "hotmail.co.uk",
  "outlook.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "mail.com",
  "email.com",
  "protonmail.com",
  "proton.me",
  "zoho.com",
  "yandex.com",
];
// Only long names: a short one ("aol") is two letters away from too many real domains ("abu.edu.ng").
const PROVIDER_NAMES = ["gmail", "googlemail", "yahoo", "ymail", "rocketmail", "hotmail", "outlook", "icloud", "protonmail"];
const ENDINGS = ["com", "net", "org", "ng", "com.ng", "edu.ng", "gov.ng", "org.ng", "net.ng", "sch.ng", "mil.ng", "co.uk", "uk"];
const ENDINGS_MORE = ["co", "io", "me", "edu", "gov", "info", "biz", "africa", "de", "fr", "ca", "us", "za", "gh"];
// These exist at .com only: "gmail.co" or "gmail.com.ng" is a slip, though .co and .com.ng are real endings.
const COM_ONLY = /^(gmail|googlemail|ymail|icloud|rocketmail)\.(?!com$)[a-z.]+$/;

/** The address the person probably meant, or null when theirs looks as intended. */
export function suggestEmail(address: string): string | null {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at < 1) return null;
  const domain = email.slice(at + 1);
  const comOnly = COM_ONLY.exec(domain);
  if (comOnly) return `${email.slice(0, at)}@${comOnly[1]}.com`;
  const suggested = run({
    email,
    domains: PROVIDERS,
    secondLevelDomains: PROVIDER_NAMES,
    // One letter off a provider's name with another ending ("hotmial.fr"); two would make "gmx.de" a "gmail.de".
    secondLevelThreshold: 1,
    topLevelDomains: [...ENDINGS, ...ENDINGS_MORE],
  });
  return suggested && suggested.full !== email ? suggested.full : null;
}

/** The question's two answers: submit buttons of the registration form, so they work without JavaScript. */
export const EMAIL_CHOICE = { name: "emailChoice", use: "use", keep: "keep" } as const;
