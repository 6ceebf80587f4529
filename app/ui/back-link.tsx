import { Link } from "react-router";
import { ArrowLeftIcon } from "./icons";
import { FOCUS_RING } from "./styles";

/** The link above an admin sub-page back to its list ('Back to Attendees'). */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={`inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:text-brand-800 ${FOCUS_RING}`}>
      <ArrowLeftIcon /> {children}
    </Link>
  );
}
