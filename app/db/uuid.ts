// Row ids are uuids. An id from a URL or a form is checked before it reaches a query:
// a malformed one would otherwise be a database error (22P02), not "not found".
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
