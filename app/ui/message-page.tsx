import { CardLanguageSwitch } from "./language-switch";
// A page that is one short message in a card: a title and what to do next (a confirmation, an
// expired link, an entry code). Plain markup: it reads the same without JavaScript.
export function MessagePage({ title, titleId, children }: { title: string; titleId: string; children: React.ReactNode }) {
  return (
    <main className="min-h-screen bg-gray-50 px-4 py-8 sm:py-12">
      <CardLanguageSwitch />
      <article aria-labelledby={titleId} className="mx-auto max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
        <h1 id={titleId} className="text-2xl font-bold text-gray-900">
          {title}
        </h1>
        {children}
      </article>
    </main>
  );
}
