import { Children, Fragment } from "react";

/** Where a long address may wrap: before "@" and after each "." or "/", never inside a word. */
const BREAKS = /(?=@)|(?<=[./])/;

/**
 * An e-mail address (or a link) in running text. On a 360 px phone a long address must wrap,
 * and `break-all` cut it anywhere ("amina.yusuf@gm" / "ail.com"); this offers the places
 * between its parts (<wbr>) and breaks inside a part only when one part alone is too wide.
 * Works as a Trans component too: it receives the interpolated address as its children.
 */
export function Address({ children, className = "" }: { children?: React.ReactNode; className?: string }) {
  const text = Children.toArray(children)
    .filter((child) => typeof child === "string" || typeof child === "number")
    .join("");
  const parts = text.split(BREAKS);
  return (
    <strong className={`[overflow-wrap:break-word] ${className}`}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </strong>
  );
}
