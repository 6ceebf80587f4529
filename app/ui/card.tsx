// A white panel with a small uppercase heading: one section of a details or settings page.

/** `level`: h3 inside a page that has its own h2s (the default), h2 for a page's top sections. */
export function Card({ title, level = 3, children }: { title: string; level?: 2 | 3; children: React.ReactNode }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm">
      <Heading className="mb-3 text-sm font-semibold tracking-wide text-gray-500 uppercase">{title}</Heading>
      {children}
    </section>
  );
}
