import type { BadgeTone } from "~/ui/badge";
import type { SpeakerType } from "../content.server";

// The product's speaker badge colours: Keynote green, Speaker orange, Panelist blue,
// Moderator purple; the organizer cards, which it does not colour, in grey.
export const SPEAKER_BADGE_TONES: Record<SpeakerType, BadgeTone> = {
  Keynote: "green",
  Speaker: "orange",
  Panelist: "blue",
  Moderator: "purple",
  Chairman: "gray",
  "Chief Host": "gray",
  Host: "gray",
};
