// The parts of /register's answer (routes/register.tsx): the action answers with one of several
// shapes (a ticket, a toast, a held notice, a question about the address or the phone, …), and
// the page reads each part where it is, undefined where it is not. Client-safe.

type Part<A, K extends PropertyKey> = A extends { [P in K]: infer V } ? V : never;
const PARTS = ["success", "toast", "resend", "result", "waitlisted", "held", "emailQuestion", "phoneQuestion", "duplicate"] as const;
type PartName = (typeof PARTS)[number];

export function answerParts<A extends object>(answer: A | undefined): { [K in PartName]: Part<A, K> | undefined } {
  const parts: Partial<Record<PartName, unknown>> = {};
  for (const name of PARTS) if (answer && name in answer) parts[name] = (answer as Record<PartName, unknown>)[name];
  return parts as { [K in PartName]: Part<A, K> | undefined };
}
