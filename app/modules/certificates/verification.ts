// What /verify can say of a code (certificate-verify.server.ts decides; verification-card.tsx shows it).
export type Verification =
  | { state: "valid"; fullName: string; eventName: string; eventDate: string; venue: string; issuedAt: string }
  | { state: "withdrawn" }
  | { state: "expired" }
  | { state: "invalid" };
