import { createContext, use } from "react";
import { LINE_ICON, Svg } from "./icons";

// The small icons of list rows and their buttons (send, view, delete, download,
// search). A list repeats its action icons in every row, twice on the attendee list
// (table and cards): inside a <RowIconSprite> they are drawn from one sprite (<use>),
// which keeps ~1.4 KB of SVG per row out of the page. Elsewhere they are inline.

type IconProps = { className?: string };

// Row-action icons are a size smaller than the shared default.
const Small = ({ className = "h-4 w-4", children }: IconProps & { children: React.ReactNode }) => (
  <Svg className={className}>{children}</Svg>
);

const ROW_ICONS = {
  send: (
    <>
      <path d="m22 2-7 20-4-9-9-4Z" />
      <path d="M22 2 11 13" />
    </>
  ),
  eye: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  trash: (
    <>
      <path d="M3 6h18" />
      <path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
      <path d="M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6" />
    </>
  ),
};
type RowIcon = keyof typeof ROW_ICONS;
const SpriteContext = createContext(false);

/** Put once around a list of rows: the row icons inside it refer to this sprite. */
export function RowIconSprite({ children }: { children: React.ReactNode }) {
  return (
    <SpriteContext value={true}>
      <svg aria-hidden="true" width="0" height="0" className="absolute">
        {(Object.keys(ROW_ICONS) as RowIcon[]).map((name) => (
          <symbol key={name} id={`row-icon-${name}`} {...LINE_ICON}>
            {ROW_ICONS[name]}
          </symbol>
        ))}
      </svg>
      {children}
    </SpriteContext>
  );
}

function RowIconSvg({ name, className = "h-4 w-4" }: IconProps & { name: RowIcon }) {
  if (!use(SpriteContext)) return <Small className={className}>{ROW_ICONS[name]}</Small>;
  return (
    <svg className={className} aria-hidden="true">
      <use href={`#row-icon-${name}`} />
    </svg>
  );
}

export const SendIcon = (p: IconProps) => <RowIconSvg name="send" {...p} />;
export const EyeIcon = (p: IconProps) => <RowIconSvg name="eye" {...p} />;
export const TrashIcon = (p: IconProps) => <RowIconSvg name="trash" {...p} />;
export const DownloadIcon = (p: IconProps) => (
  <Small {...p}>
    <path d="M12 3v12" />
    <path d="m7 10 5 5 5-5" />
    <path d="M5 21h14" />
  </Small>
);
export const SearchIcon = (p: IconProps) => (
  <Small {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </Small>
);
