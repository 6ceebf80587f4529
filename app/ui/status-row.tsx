/** One line of a status list (a `<dl>`): a dot, green when all is well, red when not; the label; what is so. */
export function StatusRow({ label, ok, children }: { label: string; ok: boolean; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3 py-2">
      <dt className="flex items-center gap-2 text-sm font-medium text-gray-700">
        <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${ok ? "bg-brand-600" : "bg-red-600"}`} />
        {label}
      </dt>
      <dd className="text-right text-sm text-gray-600">{children}</dd>
    </div>
  );
}
