import { useRef, useState } from "react";
import { DownloadIcon } from "~/ui/row-icons";
import { BUTTON, FOCUS_RING } from "~/ui/styles";
import { type AttendeeFilter, isFiltered } from "./schemas";

const EXPORT_PATH = "/admin/attendees/export.csv";

function exportHref(filter: AttendeeFilter | null): string {
  if (!filter) return EXPORT_PATH;
  const params = new URLSearchParams({ scope: "filtered", q: filter.q, gender: filter.gender, state: filter.state });
  return `${EXPORT_PATH}?${params}`;
}

function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return match?.[1] ?? "attendees.csv";
}

/**
 * 'Export CSV': a menu of two downloads. Without JavaScript they are plain links.
 * With it the file is fetched first, so the page can say whether the export worked
 * (the export toasts), which a plain download cannot tell it.
 */
export function ExportMenu({
  filter,
  total,
  grandTotal,
  onResult,
}: {
  filter: AttendeeFilter;
  total: number;
  grandTotal: number;
  onResult: (ok: boolean) => void;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const [busy, setBusy] = useState(false);

  const download = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    menu.current?.removeAttribute("open");
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(event.currentTarget.href, { credentials: "same-origin" });
      // A sign-in page after an expired session is HTML, not the list.
      if (!response.ok || !response.headers.get("Content-Type")?.startsWith("text/csv"))
        throw new Error(`export answered ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      onResult(true);
    } catch {
      onResult(false);
    } finally {
      setBusy(false);
    }
  };

  const item = `block rounded-md px-3 py-2 text-sm text-gray-800 hover:bg-brand-50 ${FOCUS_RING}`;
  return (
    <details ref={menu} className="relative self-start sm:self-auto">
      <summary className={`${BUTTON.primary} cursor-pointer list-none [&::-webkit-details-marker]:hidden`} aria-busy={busy}>
        <DownloadIcon />
        {busy ? "Exporting…" : "Export CSV"}
      </summary>
      <div className="absolute left-0 z-20 mt-2 w-64 sm:right-0 sm:left-auto rounded-xl border border-gray-200 bg-white p-1.5 shadow-lg">
        <a href={exportHref(null)} download className={item} onClick={download}>
          <span className="font-semibold">Export all</span>
          <span className="block text-xs text-gray-500">{`${grandTotal} ${grandTotal === 1 ? "attendee" : "attendees"}`}</span>
        </a>
        <a href={exportHref(filter)} download className={item} onClick={download}>
          <span className="font-semibold">Export current filter</span>
          <span className="block text-xs text-gray-500">
            {isFiltered(filter) ? `${total} ${total === 1 ? "attendee" : "attendees"}` : "No filter set: everyone"}
          </span>
        </a>
      </div>
    </details>
  );
}
