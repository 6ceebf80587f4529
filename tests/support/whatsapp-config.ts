import type * as ConfigModule from "~/config.server";

// WhatsApp configured for a vitest file, or not, as each test says: the configuration module with
// `getConfig().whatsapp` switched by `on()`, from a real parse of the WHATSAPP_* variables. Used as
//   const whatsapp = vi.hoisted(() => ({ on: true }));
//   vi.mock("~/config.server", async (importOriginal) =>
//     (await import("#tests/support/whatsapp-config.ts")).withWhatsApp(await importOriginal(), () => whatsapp.on));

export const TEST_WHATSAPP_ENV = {
  WHATSAPP_ACCESS_TOKEN: `EAAG${"x".repeat(60)}`,
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_APP_SECRET: "0123456789abcdef0123456789abcdef",
  WHATSAPP_VERIFY_TOKEN: "verify-token-of-at-least-16",
};

export function withWhatsApp(actual: typeof ConfigModule, on: () => boolean = () => true): typeof ConfigModule {
  const whatsapp = actual.parseConfig(TEST_WHATSAPP_ENV).whatsapp;
  return { ...actual, getConfig: () => ({ ...actual.getConfig(), whatsapp: on() ? whatsapp : undefined }) };
}
