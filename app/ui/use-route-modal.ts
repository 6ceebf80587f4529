import { useCallback, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";

/**
 * State of a modal that works with and without JavaScript. With JavaScript the page
 * opens it in place (`open(item)`); without, a link adds `?<param>=<id>` and the
 * loader resolves that into `fromUrl`. New loader data after a form posted (the modal's
 * own, as a navigation) closes a modal opened in place; data reloaded for another reason (the
 * door's counts after a scan, sent by a fetcher) leaves it open, or it would vanish under the
 * finger that just opened it. Closing one opened by URL leaves that URL (`closeHref`).
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
  const navigation = useNavigation();
  const [opened, setOpened] = useState<T | null>(null);
  const [shown, setShown] = useState(data);
  const [posted, setPosted] = useState(false);
  if (opened !== null && navigation.state === "submitting" && !posted) setPosted(true);
  if (shown !== data && navigation.state === "idle") {
    setShown(data);
    if (posted) {
      setOpened(null);
      setPosted(false);
    }
  }
  const close = useCallback(() => {
    setOpened(null);
    if (new URLSearchParams(location.search).has(param)) navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [location.search, navigate, closeHref, param]);
  return { target: opened ?? fromUrl, open: setOpened as (item: T) => void, close };
}
