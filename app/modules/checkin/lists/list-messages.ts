import { messageKey } from "~/i18n/message-key";
import { lagosClock } from "~/ui/date-time";

// What the door says when it gives from a list, as catalogue keys (the door speaks the
// volunteer's language): the server's answers and the phone's own when offline say the same.

export const LIST_MESSAGES = {
  given: (list: string) => messageKey("door:lists.given", { list }),
  givenLeft: (list: string, left: number) => messageKey("door:lists.givenLeft", { list, count: left }),
  givenJustNow: (list: string) => messageKey("door:lists.givenJustNow", { list }),
  // The door is named when there is one, and who gave when known: the volunteer knows where to look.
  already: (list: string, at: Date, door: string, by: string | null) => {
    const time = lagosClock(at);
    if (door)
      return by ? messageKey("door:lists.alreadyAtBy", { list, time, door, by }) : messageKey("door:lists.alreadyAt", { list, time, door });
    return by ? messageKey("door:lists.alreadyBy", { list, time, by }) : messageKey("door:lists.already", { list, time });
  },
  noneLeft: (list: string) => messageKey("door:lists.noneLeft", { list }),
  needsEntrance: (list: string) => messageKey("door:lists.needsEntrance", { list }),
  closed: (list: string) => messageKey("door:lists.closed", { list }),
  missing: "door:lists.missing",
  undone: (list: string, name: string) => messageKey("door:lists.undone", { list, name }),
  notGiven: (list: string) => messageKey("door:lists.notGiven", { list }),
} as const;
