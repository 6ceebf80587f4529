// Placeholder: the ticket page /tickets/:token is implemented by the tickets work.
import { data } from "react-router";

export function loader() {
  throw data("Not Found", { status: 404 });
}

export default function Ticket() {
  return null;
}
