// The privacy notice's version: registration stores the one each person accepted, so it is
// known what they were told. Change the notice (app/routes/privacy.tsx) → a new version and date.
export const PRIVACY_NOTICE = { version: "2", date: "2026-11-23", dateLabel: "23 November 2026" } as const;
