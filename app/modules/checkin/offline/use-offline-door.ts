import { useEffect, useSyncExternalStore } from "react";
import { doorStatus, forgetList, loadDoor, PROBE_MS, REFRESH_MS, refreshList, SYNC_TIMER_MS, setOnline, syncNow } from "./door-runtime";
import { prepareSignatureChecks } from "./verify-code";

// Getting the door ready for the network to drop, while the page is open: the service worker
// installed, the list downloaded now and every minute, the queue sent on reconnecting, on a timer
// and after each check-in. The camera's QR reader is fetched once online, so it is there offline.

const SERVER_STATUS = doorStatus.get();

async function registerWorker() {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  try {
    const registration = await navigator.serviceWorker.register("/door-sw.js", { scope: "/admin/check-in" });
    await navigator.serviceWorker.ready;
    // Files this page loaded after its first paint (the lazy chunks) join the worker's cache.
    const later = performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith("/assets/"));
    (registration.active ?? navigator.serviceWorker.controller)?.postMessage({ keep: later });
  } catch {
    // No service worker (a private window, an old browser): the door works online only.
  }
}

export function useOfflineDoor() {
  const status = useSyncExternalStore(doorStatus.subscribe, doorStatus.get, () => SERVER_STATUS);
  useEffect(() => {
    let stopped = false;
    // The queue first: the server takes no time earlier than this device's last download, so
    // check-ins made offline go before a new list is fetched.
    const refresh = async () => {
      if (stopped || !navigator.onLine) return;
      await syncNow();
      await refreshList();
    };
    const goneOnline = () => {
      setOnline(true);
      void refresh();
    };
    const goneOffline = () => setOnline(false);
    // Logging out takes the device's copy of the list with it (the queue stays until it is sent).
    const loggingOut = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement | null;
      if (form?.getAttribute("action")?.endsWith("/admin/logout")) void forgetList();
    };
    document.addEventListener("submit", loggingOut, true);
    void (async () => {
      await loadDoor();
      if (navigator.onLine) {
        // Fetched while the network is there, for the worker to keep: the camera's QR reader,
        // and the signature check's fallback where the browser lacks Ed25519.
        await Promise.all([import("jsqr"), prepareSignatureChecks()]).catch(() => undefined);
        await refresh();
      }
      await registerWorker();
    })();
    const listTimer = window.setInterval(() => void syncNow().then(refreshList), REFRESH_MS);
    const syncTimer = window.setInterval(() => void syncNow(), SYNC_TIMER_MS);
    // While the server is out of reach though the browser has a network, look for it often.
    const probeTimer = window.setInterval(() => {
      if (!doorStatus.get().online && navigator.onLine) void refresh();
    }, PROBE_MS);
    window.addEventListener("online", goneOnline);
    window.addEventListener("offline", goneOffline);
    return () => {
      stopped = true;
      window.clearInterval(listTimer);
      window.clearInterval(syncTimer);
      window.clearInterval(probeTimer);
      window.removeEventListener("online", goneOnline);
      window.removeEventListener("offline", goneOffline);
      document.removeEventListener("submit", loggingOut, true);
    };
  }, []);
  return status;
}
