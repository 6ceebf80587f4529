import { DEFAULT_LANGUAGE, type Language, withLanguage } from "~/i18n/languages";

// Where each share button leads: the networks' own "share this" addresses, filled with the
// message and the link. Plain links, so they work without JavaScript, and nothing reaches a
// network until the visitor taps one (docs/PRIVACY.md). Pure and client-safe.

export type ShareNetwork = "whatsapp" | "facebook" | "x" | "telegram";

export const SHARE_NETWORKS: readonly ShareNetwork[] = ["whatsapp", "facebook", "x", "telegram"];

/**
 * The site's address to pass on, opening in `language`: plain for the default language (the
 * receiver's own choice then decides), with `?lang=` for another, so a Hausa message leads to
 * the Hausa page and its Hausa preview.
 */
export function siteShareUrl(publicUrl: string, language: Language, path = "/"): string {
  const url = `${publicUrl.replace(/\/+$/, "")}${path}`;
  return language === DEFAULT_LANGUAGE ? url : withLanguage(url, language);
}

/**
 * Each network's share address for `message` (the words before the link, in the visitor's
 * language) and `url`. WhatsApp takes one text, so the link ends it; Facebook reads only the
 * link (its preview comes from the page's tags); X and Telegram take both.
 */
export function shareLinks(message: string, url: string): Record<ShareNetwork, string> {
  const text = message.trim();
  const both = text ? `${text} ${url}` : url;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(both)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
    telegram: `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
  };
}
