// The name staff give a door's device ('Main gate', 'VIP entrance'): short enough for a line of
// the door screen and of Event Operations. Shared by the schema's checks and the sync's form.
export const DOOR_NAME_MAX = 60;
