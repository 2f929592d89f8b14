import { config } from "./config/index.ts";
/** One JSON line per event. Callers pass ids and counts, never personal data (CPF, names, e-mails, contents). */
type LogFields = Record<string, string | number | boolean | null | undefined>;

function write(level: "info" | "warn" | "error", event: string, fields: LogFields) {
  const wanted = config("LOG_LEVEL");
  if (wanted === "silent") return;
  if (wanted === "error" && level !== "error") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  (level === "info" ? console.log : console.error)(line);
}

export const log = {
  info: (event: string, fields: LogFields = {}) => write("info", event, fields),
  warn: (event: string, fields: LogFields = {}) => write("warn", event, fields),
  error: (event: string, fields: LogFields = {}) => write("error", event, fields),
};
