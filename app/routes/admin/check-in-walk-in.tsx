import { requestLanguage } from "~/i18n/language.server";
import { requireStaff } from "~/modules/auth/session.server";
import { doorDeviceCookie } from "~/modules/checkin/door-devices.server";
import { walkInClientAction, walkInClientLoader } from "~/modules/checkin/offline/walk-in-offline";
import { walkInAction, walkInPage } from "~/modules/checkin/walk-in-actions.server";
import { WalkInScreen } from "~/modules/checkin/walk-in-screen";
import { DetailsFields } from "~/modules/person/details-fields";
import { readForm } from "~/ui/read-form.server";
import type { Route } from "./+types/check-in-walk-in";

// /admin/check-in/walk-in: the door's "Register a walk-in" (organisers and check-in accounts).
export const handle = { title: "Register a walk-in" };

export async function loader({ request }: Route.LoaderArgs) {
  const { admin, db } = await requireStaff(request);
  // The seats this phone holds for walk-ins are its own to use (its id in the door's cookie).
  return walkInPage(db, { actor: admin, device: doorDeviceCookie(request) });
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireStaff(request);
  // The person is registered in the language the volunteer spoke to them in.
  return walkInAction(db, admin, await readForm(request), requestLanguage(request));
}

// With JavaScript, without the server: the phone registers on its own seats (offline/walk-in-offline.ts).
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return walkInClientLoader(serverLoader);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return walkInClientAction(request, serverAction);
}

export default function WalkIn({ loaderData, actionData }: Route.ComponentProps) {
  return <WalkInScreen page={loaderData} answer={actionData} DetailsFields={DetailsFields} />;
}
