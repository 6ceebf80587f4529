// Where a batch of messages stands (reminders, invitations, certificates), from the outbox's
// counts by status: waiting or being sent, sent, failed for good.

export type DeliveryProgress = { total: number; queued: number; sent: number; failed: number };

export function deliveryProgress(counts: readonly { status: string; n: number }[]): DeliveryProgress {
  const n = (status: string) => counts.filter((row) => row.status === status).reduce((sum, row) => sum + row.n, 0);
  const progress = { queued: n("pending") + n("sending"), sent: n("sent"), failed: n("failed") };
  return { total: progress.queued + progress.sent + progress.failed, ...progress };
}
