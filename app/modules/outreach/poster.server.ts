import { getDb } from "~/db/db.server";
import { requestLanguage } from "~/i18n/language.server";
import { browserIdOf } from "~/modules/booking-protection/browser-id.server";
import type { Poster } from "~/modules/registration/actions.server";
import { attributionOf } from "./attribution.server";
import { referralOf } from "./referral.server";

/**
 * Who posted a public form, as registration and the waitlist see them: the network, the browser,
 * the language, and the tracked link (a source's or an attendee's invite) that brought them, if any.
 */
export async function posterOf(request: Request, context: { clientIp?: string; secure?: boolean }): Promise<Poster> {
  const secure = Boolean(context.secure);
  return {
    clientIp: context.clientIp ?? "",
    browserId: browserIdOf(request, secure),
    language: requestLanguage(request),
    attribution: await attributionOf(await getDb(), referralOf(request, secure)),
  };
}
