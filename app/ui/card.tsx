// A white panel with a small uppercase heading: one section of a details or settings page.

export function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <h3 className="mb-3 text-sm font-semibold tracking-wide text-gray-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}
