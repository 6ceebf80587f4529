import pino from "pino";
import { getConfig } from "./config.server";

let instance: pino.Logger | undefined;

/** Structured JSON logs (pino). */
export function logger(): pino.Logger {
  instance ??= pino({ level: getConfig().logLevel, base: { app: "youth-summit" } });
  return instance;
}
