// Placeholder: /tickets/:token/calendar.ics is implemented by the tickets work.
export function loader() {
  return new Response("Not Found", { status: 404 });
}
