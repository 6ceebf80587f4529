import { Link } from "react-router";
import { ArrowLeftIcon } from "./icons";
import { LanguageSwitch } from "./language-switch";

/** The top bar of a public page reached from another: one link back ('Back to Home'), and the language switch. */
export function BackHeader({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-4">
        <Link to={to} className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-800">
          <ArrowLeftIcon /> {children}
        </Link>
        <LanguageSwitch className="text-gray-700" />
      </div>
    </header>
  );
}
