// A short message across the top of a page: "fault" (red) says something is wrong now and
// people are affected, "warning" (amber) asks the reader to act before something happens,
// "info" (calm grey-blue) only says how things are. Plain markup: it reads the same without
// JavaScript and may hold links.

const TONES = {
  fault: "border-red-300 bg-red-50 text-red-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  info: "border-sky-200 bg-sky-50 text-sky-950",
} as const;

export function Notice({ tone, children, testId }: { tone: keyof typeof TONES; children: React.ReactNode; testId?: string }) {
  return (
    <div
      role={tone === "fault" ? "alert" : "status"}
      data-testid={testId}
      className={`rounded-xl border px-4 py-3 text-sm leading-relaxed ${TONES[tone]}`}
    >
      {children}
    </div>
  );
}
