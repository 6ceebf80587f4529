import { DetailField } from "~/ui/detail-field";

// A line of an attendee's details (Registration card) for a walk-in: registered at the door on
// event day, at which door and by which account.

export function WalkInField({ walkIn }: { walkIn: { door: string; by: string | null } | null | undefined }) {
  if (!walkIn) return null;
  const where = [walkIn.door ? `at the door "${walkIn.door}"` : "at the door", walkIn.by ? `by ${walkIn.by}` : ""]
    .filter(Boolean)
    .join(", ");
  return <DetailField label="Source">{`Registered ${where}`}</DetailField>;
}
