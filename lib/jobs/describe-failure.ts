// Error texts that may be stored on a job's row (`lastError`) and logged: short, one line, no CPF, no e-mail address
// (SMTP refusals often quote the recipient), with the SQLSTATE when the database raised it.
import { redactCpfs } from "../identifiers/identifiers.ts";

export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === "object" && error && "code" in error ? String(error.code) : "";
  const text =
    redactCpfs(message)
      .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, "***")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 300) || "Unknown error";
  return code && /^[0-9A-Z]{5}$/.test(code) ? `${text} (SQLSTATE ${code})` : text;
}
