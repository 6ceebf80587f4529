import type { Config } from "~/config.server";
import { configuredSmsStatus, type SmsConfig } from "./transport.server";

/**
 * "Also send my ticket by SMS" on the web form: offered when SMS can leave this site (a gateway,
 * or the local file outbox while developing or on the demo), ticked by default when a gateway
 * is set. A production site without a gateway does not offer what it cannot send.
 */
export function smsOffer(config: SmsConfig & Pick<Config, "nodeEnv" | "demo">): { offered: boolean; ticked: boolean } {
  const status = configuredSmsStatus(config);
  return { offered: status.ok, ticked: status.kind !== "file" };
}
