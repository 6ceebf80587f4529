// The longest full name the forms take (modules/person/fields.ts), and what a table keeping a
// name as typed at the door checks (schema/door.ts, walk_in_conflicts).
export const FULL_NAME_MAX = 120;
