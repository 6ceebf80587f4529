// Which speaker types go where on the landing page. No imports: the landing page's
// components and the admin forms both use these.

/** The types the public Speakers section filters by. */
export const PUBLIC_SPEAKER_TYPES = ["Keynote", "Speaker", "Panelist", "Moderator"] as const;
/** The organizer cards, which organisers edit as speakers of these types. */
export const ORGANIZER_TYPES = ["Chairman", "Chief Host", "Host"] as const;

/** The speakers the Speakers section lists and counts: the hosts have their own cards under Organizers. */
export function isPublicSpeaker(speaker: { speaker_type: string }): boolean {
  return !(ORGANIZER_TYPES as readonly string[]).includes(speaker.speaker_type);
}

/** The Speakers section's filter buttons, in order. */
export const SPEAKER_FILTERS = ["All", ...PUBLIC_SPEAKER_TYPES] as const;
export type SpeakerFilter = (typeof SPEAKER_FILTERS)[number];

/** The filter a `?type=` value asks for; anything else shows all. */
export function parseSpeakerFilter(value: string | null): SpeakerFilter {
  return (SPEAKER_FILTERS as readonly string[]).includes(value ?? "") ? (value as SpeakerFilter) : "All";
}
