import { data } from "react-router";

// Any unknown URL: a real 404 status, rendered by the root error boundary.
export function loader() {
  throw data("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
