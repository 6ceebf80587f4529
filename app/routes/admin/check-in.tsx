import type { ShouldRevalidateFunctionArgs } from "react-router";
import { requestLanguage } from "~/i18n/language.server";
import { requireStaff } from "~/modules/auth/session.server";
import { checkInAction, checkInPage } from "~/modules/checkin/actions.server";
import { CheckInScreen } from "~/modules/checkin/check-in-screen";
import { doorDeviceCookie } from "~/modules/checkin/door-devices.server";
import { doorHref } from "~/modules/checkin/lists/door-href";
import { chosenListId } from "~/modules/checkin/lists/door-lists.server";
import { answeredByDevice, doorClientAction, doorClientLoader } from "~/modules/checkin/offline/door-route";
import { readForm } from "~/ui/read-form.server";
import { notAfterUnavailable } from "~/ui/server-unavailable";
import type { Route } from "./+types/check-in";

// /admin/check-in: the door. Organisers and check-in accounts alike. With JavaScript it also
// works offline (app/modules/checkin/offline): when the server cannot be reached, the client
// loader and action answer from the list on the device and queue the check-ins.
export const handle = { title: "Check-in" };

export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/door.webmanifest" },
  { rel: "apple-touch-icon", href: "/door-icon-192.png" },
];

// A refusal's Retry-After (too many tries) and the early door's "yes" (a cookie) reach the
// browser on a page request too.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  const cookie = actionHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
};

export async function loader({ request, url }: Route.LoaderArgs) {
  const { admin, db } = await requireStaff(request);
  return checkInPage(db, admin, url, requestLanguage(request), doorDeviceCookie(request));
}

export async function action({ request, url }: Route.ActionArgs) {
  const { admin, db } = await requireStaff(request);
  // The list chosen at the top of the page (`?list=`) gives instead of the entrance.
  const list = chosenListId(url);
  const back = doorHref({ list, q: url.searchParams.get("q") });
  // A past edition's ticket, and a list, are named in the volunteer's language.
  return checkInAction(db, admin, await readForm(request), {
    back,
    list: list || undefined,
    language: requestLanguage(request),
    cookies: request.headers.get("Cookie"),
  });
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  return doorClientLoader(request, serverLoader);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return doorClientAction(request, serverAction);
}

// After a check-in the device answered (the server out of reach), the page's data comes from the
// device too: the client loader answers from its list at once, without asking the server, so a
// search on screen shows the person just let in as in. After a 503 (busy) nothing is asked again.
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (answeredByDevice(args.actionResult)) return true;
  return args.formMethod && args.formMethod.toUpperCase() !== "GET" ? notAfterUnavailable(args) : args.defaultShouldRevalidate;
}

export default function CheckIn({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckInScreen page={loaderData} result={actionData} />;
}
