import { Link } from "react-router";
import { BUTTON } from "./styles";

// Previous / next links for a list paged on the server (the page is in the URL, so it
// works without JavaScript). With pageCount it reads "Page 2 of 7"; without (a log
// that is never counted) "Page 2", and hasNext says whether a next page exists.

type PaginationProps = {
  page: number;
  hrefFor: (page: number) => string;
  pageCount?: number;
  hasNext?: boolean;
  previousLabel?: string;
  nextLabel?: string;
};

export function Pagination({ page, hrefFor, pageCount, hasNext, previousLabel = "Previous", nextLabel = "Next" }: PaginationProps) {
  const next = pageCount === undefined ? Boolean(hasNext) : page < pageCount;
  if (page <= 1 && !next) return null;
  const link = `${BUTTON.secondary} min-w-24`;
  const disabled = `${BUTTON.secondary} min-w-24 pointer-events-none opacity-50`;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={link} rel="prev">
          {previousLabel}
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          {previousLabel}
        </span>
      )}
      <p className="text-sm text-gray-700" aria-current="page">
        {pageCount === undefined ? `Page ${page}` : `Page ${page} of ${pageCount}`}
      </p>
      {next ? (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          {nextLabel}
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          {nextLabel}
        </span>
      )}
    </nav>
  );
}
