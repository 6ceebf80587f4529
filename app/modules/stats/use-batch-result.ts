import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import type { DeliveryProgress } from "~/modules/mail/delivery-progress";

/**
 * The result toast of a batch sent from Event Operations (reminders, certificates), once its
 * last message has gone out or failed for good: after the send (the page's URL carries
 * ?<param>=<when>, a batch announced once) or when a batch seen going ends.
 */
export function useBatchResult(
  param: string,
  progress: DeliveryProgress,
  push: (type: "success" | "error", title: string) => void,
  words: { sent: (count: number) => string; failed: (count: number) => string },
) {
  const [params] = useSearchParams();
  const batch = params.get(param);
  const announced = useRef<string | null>(null);
  const wasSending = useRef(progress.queued > 0);
  const { sent, failed } = words;
  useEffect(() => {
    if (progress.queued > 0) {
      wasSending.current = true;
      return;
    }
    const following = batch !== null && batch !== announced.current;
    if (!wasSending.current && !following) return;
    wasSending.current = false;
    announced.current = batch;
    // Off the address bar without a navigation, which would drop the server's "Sending…" toast.
    if (batch !== null) window.history.replaceState(window.history.state, "", window.location.pathname);
    if (progress.failed > 0) push("error", failed(progress.failed));
    else push("success", sent(progress.sent));
  }, [progress, push, batch, sent, failed]);
}
