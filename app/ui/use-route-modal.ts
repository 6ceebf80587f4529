import { useCallback, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * State of a modal that works with and without JavaScript. With JavaScript the page
 * opens it in place (`open(item)`); without, a link adds `?<param>=<id>` and the
 * loader resolves that into `fromUrl`. New loader data (after the form posted) closes
 * a modal opened in place, and closing one opened by URL leaves that URL (`closeHref`).
 */
export function useRouteModal<T>({
  param,
  closeHref,
  fromUrl,
  data,
}: {
  param: string;
  closeHref: string;
  fromUrl: T | null;
  data: unknown;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<T | null>(null);
  const [shown, setShown] = useState(data);
  if (shown !== data) {
    setShown(data);
    setOpened(null);
  }
  const close = useCallback(() => {
    setOpened(null);
    if (new URLSearchParams(location.search).has(param)) navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [location.search, navigate, closeHref, param]);
  return { target: opened ?? fromUrl, open: setOpened as (item: T) => void, close };
}
