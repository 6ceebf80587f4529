// Placeholder, replaced by the admin work.
import { Outlet } from "react-router";

export default function Placeholder() {
  return <Outlet />;
}
