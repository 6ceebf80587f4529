import { requireAdmin } from "~/modules/auth/session.server";
import { settingsAction } from "~/modules/settings/actions.server";
import { getSettings } from "~/modules/settings/settings.server";
import { SettingsForm } from "~/modules/settings/settings-form";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/settings";

// /admin/settings: everything about the event the landing page and tickets show.
export const handle = { title: "Event Settings" };

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const s = await getSettings(db);
  return {
    // A saved change gives the form its new values.
    version: s.updated_at.toISOString(),
    registered: s.registered_count,
    defaults: {
      event_name: s.event_name,
      event_date: s.event_date,
      event_time: s.event_time,
      venue: s.venue,
      logo_url: s.logo_url,
      about: s.about,
      contact_email: s.contact_email,
      contact_phone: s.contact_phone,
      max_attendees: String(s.max_attendees),
      registration_enabled: s.registration_enabled ? "on" : "",
      guest_of_honor_name: s.guest_of_honor_name,
      guest_of_honor_title: s.guest_of_honor_title,
      guest_of_honor_image_url: s.guest_of_honor_image_url,
      facebook_url: s.facebook_url,
      twitter_url: s.twitter_url,
      instagram_url: s.instagram_url,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return settingsAction(db, admin, request, "/admin/settings");
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <p className="text-gray-600">What the landing page, the registration form and the tickets say about the event</p>
      <SettingsForm
        key={loaderData.version}
        defaults={loaderData.defaults}
        lastResult={actionData?.result}
        registered={loaderData.registered}
      />
      {actionData?.toast ? <Toaster toasts={[actionData.toast]} /> : null}
    </div>
  );
}
