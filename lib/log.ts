/** One JSON line per event. Callers pass ids and counts, never personal data (CPF, names, e-mails, contents). */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

function write(level: "info" | "warn" | "error", event: string, fields: LogFields) {
  const threshold = process.env.LOG_LEVEL;
  if (threshold === "silent") return;
  if (threshold === "error" && level !== "error") return;
  // Straight to the stream: console.log would format the string again (util.format) on every request.
  const line = `{"time":"${new Date().toISOString()}","level":"${level}","event":${JSON.stringify(event)},${JSON.stringify(fields).slice(1)}`;
  (level === "info" ? process.stdout : process.stderr).write(
    line.endsWith(",}") ? `${line.slice(0, -2)}}\n` : `${line}\n`,
  );
}

export const log = {
  info: (event: string, fields: LogFields = {}) => write("info", event, fields),
  warn: (event: string, fields: LogFields = {}) => write("warn", event, fields),
  error: (event: string, fields: LogFields = {}) => write("error", event, fields),
};
