import { useRef } from "react";
import { Link } from "react-router";
import { mediaImage } from "~/modules/media/media-url";
import { MenuIcon } from "~/ui/icons";

const SECTIONS = [
  { id: "home", label: "Home" },
  { id: "about", label: "About" },
  { id: "organizers", label: "Organizers" },
  { id: "speakers", label: "Speakers" },
  { id: "agenda", label: "Agenda" },
  { id: "register", label: "Register" },
] as const;

/**
 * Fixed top navigation. Links are in-page anchors (CSS smooth scrolling, instant under
 * prefers-reduced-motion). The mobile menu is a <details> element, so it opens without JavaScript.
 */
export function SiteNav({ name, logoUrl }: { name: string; logoUrl: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute("open");
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-white/10 bg-brand-900/95 text-white backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <a href="#home" className="flex items-center gap-2 font-bold">
          {logoUrl ? <img {...mediaImage(logoUrl, 32)} alt="" width={32} height={32} className="h-8 w-8 rounded object-contain" /> : null}
          <span className="text-base sm:text-lg">{name}</span>
        </a>
        <ul className="hidden items-center gap-6 text-sm font-medium md:flex">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-brand-100 hover:text-white">
                {s.label}
              </a>
            </li>
          ))}
          <li>
            <Link to="/register" className="rounded-lg bg-accent-400 px-4 py-2 font-semibold text-brand-900 hover:bg-accent-500">
              Register Now
            </Link>
          </li>
        </ul>
        <details ref={menu} data-site-menu className="group md:hidden">
          <summary
            className="flex cursor-pointer list-none items-center rounded-lg p-2 hover:bg-white/10 [&::-webkit-details-marker]:hidden"
            aria-label="Menu"
          >
            <MenuIcon className="h-6 w-6" />
          </summary>
          <ul className="absolute inset-x-0 top-16 space-y-1 border-b border-white/10 bg-brand-900 px-4 pt-2 pb-4 shadow-xl">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} onClick={close} className="block rounded-lg px-3 py-3 text-brand-50 hover:bg-white/10">
                  {s.label}
                </a>
              </li>
            ))}
            <li>
              <Link to="/register" className="mt-2 block rounded-lg bg-accent-400 px-3 py-3 text-center font-semibold text-brand-900">
                Register Now
              </Link>
            </li>
          </ul>
        </details>
      </nav>
    </header>
  );
}
