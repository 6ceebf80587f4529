// The privacy notice's version: registration stores the one each person accepted, so it is
// known what they were told. Change the notice (app/routes/privacy.tsx) → a new version and date.
export const PRIVACY_NOTICE = { version: "8", date: "2026-11-29", dateLabel: "29 November 2026" } as const;

type NoticeSettings = {
  event_name: string;
  organiser_name: string;
  privacy_email: string;
  contact_email: string;
  contact_phone: string;
  retention_days: number;
  /** days a certificate verifies after the event; null: the retention period */
  certificate_valid_days?: number | null;
};

export type PrivacyNoticeFacts = {
  eventName: string;
  /** the data controller the notice names */
  controller: string;
  /** where people write about their data: the privacy contact, else the event's contact */
  email: string;
  phone: string;
  /** personal data is deleted this many days after the event */
  retentionDays: number;
  /** a certificate of attendance can be verified this many days after the event */
  certificateDays: number;
};

/** What the notice says that organisers set in Event Settings. */
export function privacyNoticeFacts(settings: NoticeSettings): PrivacyNoticeFacts {
  return {
    eventName: settings.event_name,
    controller: settings.organiser_name,
    email: settings.privacy_email.trim() || settings.contact_email,
    phone: settings.contact_phone,
    retentionDays: settings.retention_days,
    certificateDays: settings.certificate_valid_days ?? settings.retention_days,
  };
}
