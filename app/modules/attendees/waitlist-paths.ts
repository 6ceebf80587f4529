// The waitlist view's address and its "remove this person?" parameter: shared by the page
// (routes/admin/attendees-waitlist.tsx) and its server side (waitlist-view.server.ts).
export const WAITLIST_VIEW = "/admin/attendees/waitlist";
export const REMOVE_PARAM = "remove";
