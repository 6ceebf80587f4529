import { data } from "react-router";
import { getConfig } from "~/config.server";
import { logger } from "~/logger.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { outreachAction } from "~/modules/outreach/actions.server";
import { outreachFigures, parseSourceSort } from "~/modules/outreach/figures.server";
import { sourceLinkFor, spokenLink } from "~/modules/outreach/links.server";
import { OutreachCards } from "~/modules/outreach/outreach-cards";
import { NewSourceForm } from "~/modules/outreach/source-form";
import { type ConfirmIntent, type SourceRow, SourcesTable } from "~/modules/outreach/sources-table";
import { ConfirmDialog, DeleteConfirmation } from "~/ui/confirm-dialog";
import { EmptyState } from "~/ui/empty-state";
import { readForm } from "~/ui/read-form.server";
import { DownloadIcon } from "~/ui/row-icons";
import { BUTTON } from "~/ui/styles";
import { useRouteModal } from "~/ui/use-route-modal";
import type { Route } from "./+types/outreach";

// /admin/outreach: which outreach brings people. Organisers name their sources (the radio, a
// poster in one LGA, a partner's post); each gets a short link with its QR code and posters, and
// the page counts per source its visits, registrations, the conversion rate and, once check-in
// has begun, who came; with the attendees' invite links and the direct registrations beside
// them, sortable and as CSV. Organisers only.

export const handle = { title: "Outreach" };

const PATH = "/admin/outreach";

/** The page as it is sorted: where forms post and answers return. */
function pageHref(url: URL): string {
  const kept = new URLSearchParams();
  for (const name of ["sort", "dir"]) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${PATH}?${query}` : PATH;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db } = await requireAdmin(request);
  const sort = parseSourceSort(url.searchParams);
  try {
    const figures = await outreachFigures(db, sort);
    const publicUrl = getConfig().publicUrl;
    const sources: SourceRow[] = figures.sources.map((source) => {
      const link = sourceLinkFor(source, publicUrl);
      return { ...source, link, shownLink: spokenLink(link) };
    });
    // Archive and Delete without JavaScript: ?archive=<id> or ?delete=<id> renders the confirmation.
    const asked = (["archive", "delete"] as const).find((intent) => url.searchParams.has(intent));
    const target = asked ? sources.find((s) => String(s.id) === url.searchParams.get(asked)) : undefined;
    const confirm = asked && target ? { intent: asked, source: target } : null;
    return { figures: { ...figures, sources }, sort, here: pageHref(url), confirm };
  } catch (error) {
    logger().error({ err: error }, "outreach page failed");
    return data({ figures: null, sort, here: pageHref(url), confirm: null }, { status: 500 });
  }
}

export async function action({ request, url }: Route.ActionArgs) {
  const { admin, db } = await requireAdmin(request);
  return outreachAction(db, admin, await readForm(request), pageHref(url));
}

export default function Outreach({ loaderData, actionData }: Route.ComponentProps) {
  const { figures, sort, here, confirm } = loaderData;
  const fromUrl = (intent: ConfirmIntent) => (confirm?.intent === intent ? confirm.source : null);
  const archiving = useRouteModal({ param: "archive", closeHref: here, fromUrl: fromUrl("archive"), data: loaderData });
  const deleting = useRouteModal({ param: "delete", closeHref: here, fromUrl: fromUrl("delete"), data: loaderData });
  if (!figures) return <EmptyState>Failed to load the outreach figures. Please try again in a moment.</EmptyState>;
  const confirmHref = (intent: ConfirmIntent, id: number) => `${here}${here.includes("?") ? "&" : "?"}${intent}=${id}`;
  const csvHref = `${PATH}/export.csv${here.slice(PATH.length)}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-gray-600">Which outreach brings people: each source's visits and registrations, counted on our own server.</p>
        <a href={csvHref} download className={`${BUTTON.primary} self-start sm:self-auto`}>
          <DownloadIcon />
          Export CSV
        </a>
      </div>
      <OutreachCards figures={figures} />
      <NewSourceForm lastResult={actionData && "result" in actionData ? actionData.result : undefined} action={here} />
      {figures.sources.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-4 text-sm text-gray-600">
          No sources yet. Create one above for each radio announcement, poster or partner's post, and use its link there: the registrations
          it brings appear in its row.
        </p>
      ) : null}
      <SourcesTable
        sources={figures.sources}
        invited={figures.invited}
        direct={figures.direct}
        checkInBegun={figures.checkInBegun}
        sort={sort}
        path={PATH}
        confirmHref={confirmHref}
        onConfirm={(intent, source) => (intent === "archive" ? archiving : deleting).open(source)}
        restoreAction={here}
      />
      <p className="text-sm text-gray-500">
        A visit is one browser opening a source's link on one day (Lagos time); link previews on WhatsApp or Facebook are not counted. A
        registration counts for the first tracked link its browser followed within 30 days. Registrations by USSD and from a link without a
        code count as direct.
      </p>
      {archiving.target ? (
        <ConfirmDialog
          title="Archive this source?"
          message={`“${archiving.target.name}” stops counting: its link still leads to the summit, but visits through it are no longer counted. Its figures stay, and you can restore it at any time.`}
          id={String(archiving.target.id)}
          action={here}
          cancelHref={here}
          onClose={archiving.close}
          intent="archive"
          confirmLabel="Archive"
          pendingLabel="Archiving…"
          tone="primary"
        />
      ) : deleting.target ? (
        <DeleteConfirmation
          title="Delete this source?"
          message={`“${deleting.target.name}” and its ${deleting.target.visits === 1 ? "1 visit" : `${deleting.target.visits} visits`} will be deleted. No one has registered through it. Its link will then lead to the summit without being counted.`}
          id={String(deleting.target.id)}
          action={here}
          cancelHref={here}
          onClose={deleting.close}
        />
      ) : null}
    </div>
  );
}
