/** The attendee screens' toasts, word for word. */
export const ATTENDEE_TOASTS = {
  loadFailed: "Failed to load attendees. Please check your database connection.",
  exported: "Attendees list exported successfully!",
  exportFailed: "Failed to export attendees list.",
  deleted: (name: string) => `${name}'s registration has been deleted`,
  deleteFailed: "Failed to delete attendee. Please check your database connection.",
  resent: (to: string) => `Ticket resent to ${to}`,
  resendFailed: "Failed to resend ticket",
} as const;

/** The URL parameter that opens the delete confirmation without JavaScript. */
export const CONFIRM_DELETE_PARAM = "confirmDelete";
