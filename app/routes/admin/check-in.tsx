import { requestLanguage } from "~/i18n/language.server";
import { requireStaff } from "~/modules/auth/session.server";
import { checkInAction, checkInPage } from "~/modules/checkin/actions.server";
import { CheckInScreen } from "~/modules/checkin/check-in-screen";
import { readForm } from "~/ui/read-form.server";
import type { Route } from "./+types/check-in";

// /admin/check-in: the door. Organisers and check-in accounts alike.
export const handle = { title: "Check-in" };

// A refusal's Retry-After (too many tries) reaches the browser on a page request too.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export async function loader({ request, url }: Route.LoaderArgs) {
  const { admin, db } = await requireStaff(request);
  return checkInPage(db, admin, url);
}

export async function action({ request, url }: Route.ActionArgs) {
  const { admin, db } = await requireStaff(request);
  const back = `/admin/check-in${url.searchParams.get("q") ? `?q=${encodeURIComponent(url.searchParams.get("q") ?? "")}` : ""}`;
  // A past edition's ticket is named in the volunteer's language.
  return checkInAction(db, admin, await readForm(request), back, requestLanguage(request));
}

export default function CheckIn({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckInScreen page={loaderData} result={actionData} />;
}
