import { Svg } from "~/ui/icons";

// The body of an admin section that a later release fills in: says what will be
// here, with no buttons that do nothing.

export function ComingSoon({ section, description }: { section: string; description: string }) {
  return (
    <section
      aria-labelledby="coming-soon-heading"
      className="mx-auto max-w-2xl rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center shadow-sm"
    >
      <span aria-hidden="true" className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Svg className="h-6 w-6">
          <circle cx="12" cy="12" r="10" />
          <path d="M12 6v6l4 2" />
        </Svg>
      </span>
      <h2 id="coming-soon-heading" className="mt-4 text-lg font-semibold text-gray-900">
        {section}: coming soon
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-gray-600">{description}</p>
    </section>
  );
}
