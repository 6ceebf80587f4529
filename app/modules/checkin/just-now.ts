import { messageKey } from "~/i18n/message-key";

// One rule for the server, the device offline and the card: the same door seeing a ticket it
// admitted under a minute ago (the QR code still in front of the camera, the person still at the
// table) answers green again, "just now", instead of amber as if the ticket had been used twice.
// Browser-safe.

/** How long a door's own admission is answered green again. */
export const JUST_NOW_MS = 60_000;

const JUST_NOW_KEY = "door:checkin.checkedInJustNow";

/** The green answer's message for a second look within JUST_NOW_MS. */
export function justNowMessage(name: string): string {
  return messageKey(JUST_NOW_KEY, { name });
}

/** Whether a green answer is such a second look (the card says "Checked in just now"). */
export function isJustNow(message: string): boolean {
  return message.startsWith(`${JUST_NOW_KEY}|`);
}
