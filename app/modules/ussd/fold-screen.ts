import { FULL_NAME_MAX } from "./name";
import {
  accountScreen,
  cancelScreen,
  confirmScreen,
  consentScreen,
  farewellScreen,
  genderScreen,
  type Holder,
  languageScreen,
  listScreen,
  nameScreen,
  problemText,
  resumeScreen,
  whatsappScreen,
} from "./screens";
import type { Fold, UssdContext } from "./types";

// The screen the fold stopped on, in its language (menu.ts; the words and layout: screens.ts).

export function screenOf(fold: Fold, context: UssdContext): string {
  const language = fold.language ?? "en";
  const problem = fold.problem === null ? null : problemText(language, fold.problem, FULL_NAME_MAX);
  const { fullName, gender, state, localGovernment } = fold.fields;
  switch (fold.screen) {
    case "language":
      return languageScreen(context.event.name, problem !== null);
    case "resume":
      return resumeScreen(language, problem);
    case "name":
      return nameScreen(language, problem);
    case "gender":
      return genderScreen(language, problem);
    case "state":
      return listScreen(language, { list: "state" }, fold.page, problem);
    case "lga":
      return listScreen(language, { list: "lga", state: state ?? "" }, fold.page, problem);
    case "consent":
      return consentScreen(language, problem);
    case "whatsapp":
      return whatsappScreen(language, problem);
    case "confirm":
      return confirmScreen(
        language,
        { fullName: fullName ?? "", gender: gender ?? "other", state: state ?? "", localGovernment: localGovernment ?? "" },
        problem,
      );
    case "account":
    case "cancel": {
      const holder = holderOf(context);
      if (!holder) return farewellScreen(language, "expired");
      if (fold.screen === "cancel") return cancelScreen(language, holder, problem);
      return accountScreen(language, holder, {
        name: context.event.name,
        date: context.event.date[language] ?? "",
        venue: context.event.venue,
      });
    }
  }
}

function holderOf(context: UssdContext): Holder | null {
  const registration = context.registration;
  if (!registration) return null;
  return registration.waitlisted ? { waitlisted: true, position: registration.position } : { ticketId: registration.ticketId };
}
