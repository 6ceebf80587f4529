import { z } from "zod";
import { auditLogPage } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { DateTime } from "~/ui/date-time";
import { EmptyState } from "~/ui/empty-state";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/activity";

// /admin/activity: the audit log, read-only, newest first: who did what, when, to what.

export const handle = { title: "Activity" };

const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const page = pageSchema.parse(url.searchParams.get("page") ?? 1);
  return { page, ...(await auditLogPage(db, page)) };
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { page, hasNext, entries } = loaderData;
  return (
    <div className="space-y-5">
      <p className="text-gray-600">Everything done in the admin area: who did it, what it was and when.</p>
      {entries.length === 0 ? (
        <EmptyState>No activity yet.</EmptyState>
      ) : (
        <ol className="divide-y divide-gray-100 rounded-2xl border border-gray-200 bg-white shadow-sm" aria-label="Activity">
          {entries.map((e) => (
            <li key={e.id} className="grid grid-cols-1 gap-1 px-4 py-3 text-sm md:grid-cols-[11rem_minmax(0,14rem)_minmax(0,1fr)] md:gap-4">
              <DateTime value={e.at} className="text-gray-500" />
              <span className="break-all text-gray-900">{e.who}</span>
              <div className="min-w-0">
                <span className="font-semibold text-gray-900">{e.label}</span>
                {e.subject ? <span className="block break-words text-gray-700">{e.subject}</span> : null}
                {e.details ? <p className="mt-0.5 break-words text-gray-600">{e.details}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={page}
        hasNext={hasNext}
        hrefFor={(p) => (p === 1 ? "/admin/activity" : `/admin/activity?page=${p}`)}
        previousLabel="Newer"
        nextLabel="Older"
      />
    </div>
  );
}
