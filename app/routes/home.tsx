import { getDb } from "~/db/db.server";
import { getSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/home";

export async function loader() {
  const settings = await getSettings(await getDb());
  return { name: settings.event_name, about: settings.about, date: settings.event_date, time: settings.event_time, venue: settings.venue };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="home" className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-800">{loaderData.name}</h1>
      <p className="mt-4 text-lg text-gray-700">{loaderData.about}</p>
      <p className="mt-6 text-gray-600">
        {loaderData.date} · {loaderData.time} · {loaderData.venue}
      </p>
    </main>
  );
}
