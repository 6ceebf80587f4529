import * as z from "zod/mini";

// A form's fields checked by a zod/mini schema, as Conform's resolver wants them: the value, or
// every message per field name. The same result as @conform-to/zod's parse for these forms,
// without it: its coercion imports classic zod and would put it back into the page. For the
// fields these forms have, that coercion does one thing only: an empty value counts as missing.

export type FormVerdict<T> = { value: T } | { error: Record<string, string[]> };

export function formVerdict<S extends z.ZodMiniType>(schema: S, payload: Record<string, unknown>): FormVerdict<z.output<S>> {
  const input = Object.fromEntries(Object.entries(payload).map(([name, value]) => [name, value === "" ? undefined : value]));
  const result = z.safeParse(schema, input);
  if (result.success) return { value: result.data };
  const error: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join(".");
    error[name] = [...(error[name] ?? []), issue.message];
  }
  return { error };
}
