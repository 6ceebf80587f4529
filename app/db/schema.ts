// The Drizzle schema, one file per domain under schema/ (drizzle.config.ts reads this barrel, so
// drizzle-kit sees every table; the app imports `~/db/schema` as before).

export { GENDERS, REGISTRATION_CHANNELS, type RegistrationChannel } from "./person-columns";
export * from "./schema/after-event";
export * from "./schema/auth";
export * from "./schema/check-in-lists";
export * from "./schema/content";
export * from "./schema/door";
export * from "./schema/editions";
export * from "./schema/invitations";
export * from "./schema/messages";
export * from "./schema/outreach";
export * from "./schema/people";
export * from "./schema/protection";
export * from "./schema/records";
export * from "./schema/settings";
export * from "./schema/whatsapp";
