import type { Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { SHARE_IMAGE_SIZE } from "~/modules/media/upload-rules";
import { formatEventDate } from "~/modules/settings/event-time";
import { localizedSettings } from "~/modules/settings/localized-settings";
import type { EventSettings } from "~/modules/settings/settings.server";
import type { LinkPreview } from "./link-preview";
import { shareImagePath, shareImageSpec, shareImageType } from "./share-image.server";

// What a public page's link card says, gathered by the root loader from the event settings
// in the page's language: only the event's facts, never anything of the visitor.

/** Crawlers cut descriptions around here; a whole word ends it. */
const DESCRIPTION_LENGTH = 240;

/** `lead` then as much of `about` as fits, cut at a word with an ellipsis. */
export function previewDescription(lead: string, about: string): string {
  const text = `${lead} ${about.replace(/\s+/g, " ").trim()}`.trim();
  if (text.length <= DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > lead.length ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, "")}…`;
}

export function linkPreview(settings: EventSettings, language: Language, publicUrl: string): LinkPreview {
  const local = localizedSettings(settings, language);
  const t = translator(language);
  const name = local.event_name;
  const date = formatEventDate(local.event_date, language);
  const spec = shareImageSpec(settings, language, publicUrl);
  return {
    publicUrl,
    language,
    siteName: name,
    description: previewDescription(t("share.preview.description", { date, venue: local.venue }), local.about),
    register: { title: t("register.metaTitle", { name }), description: t("register.metaDescription", { name }) },
    image: {
      url: `${publicUrl}${shareImagePath(spec)}`,
      type: shareImageType(spec.format),
      ...SHARE_IMAGE_SIZE,
      alt: t("share.preview.imageAlt", { name, date, venue: local.venue }),
    },
  };
}
