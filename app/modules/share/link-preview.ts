import { LANGUAGES, type Language, withLanguage } from "~/i18n/languages";

// The card a shared link shows on WhatsApp, Facebook, X and Telegram: Open Graph and Twitter
// card tags, built from what the root loader gathers for a public page (link-preview.server.ts).
// Every address in them is absolute (PUBLIC_URL): a crawler shows nothing for a relative image.
// Pure and client-safe: the document renders the tags for the path it shows.

export type LinkPreview = {
  /** PUBLIC_URL, without a trailing slash */
  publicUrl: string;
  language: Language;
  /** the event's name */
  siteName: string;
  description: string;
  /** /register's own title and description: a link to the form says what it is */
  register: { title: string; description: string };
  image: { url: string; type: string; width: number; height: number; alt: string };
};

export type MetaTag = { property: string; content: string } | { name: string; content: string };

// Pages worth linking to as themselves. Every other public page (a ticket, the waitlist, a
// survey, a confirmation) is someone's own: its card is the event's, with the site's address,
// and nothing of the person or their link.
const SHAREABLE = new Set(["/", "/register", "/privacy", "/editions", "/verify"]);

/** Open Graph's name for a language as spoken in Nigeria: en_NG, ha_NG. */
function ogLocale(language: Language): string {
  return `${language}_NG`;
}

/** The address a card names for the page at `pathname`: the page itself in its language, or the home page. */
function previewUrl(preview: Pick<LinkPreview, "publicUrl" | "language">, pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return withLanguage(`${preview.publicUrl}${SHAREABLE.has(path) ? path : "/"}`, preview.language);
}

/** The tags of the page at `pathname` (query and fragment left out: filters are not other pages). */
export function linkPreviewTags(preview: LinkPreview, pathname: string): MetaTag[] {
  const register = pathname.replace(/\/+$/, "") === "/register";
  const title = register ? preview.register.title : preview.siteName;
  const description = register ? preview.register.description : preview.description;
  const { image } = preview;
  return [
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: preview.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: previewUrl(preview, pathname) },
    { property: "og:locale", content: ogLocale(preview.language) },
    ...LANGUAGES.filter((other) => other.code !== preview.language).map((other) => ({
      property: "og:locale:alternate",
      content: ogLocale(other.code),
    })),
    { property: "og:image", content: image.url },
    // Some crawlers look for the https address under its own name.
    ...(image.url.startsWith("https:") ? [{ property: "og:image:secure_url", content: image.url }] : []),
    { property: "og:image:type", content: image.type },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image.url },
    { name: "twitter:image:alt", content: image.alt },
  ];
}
