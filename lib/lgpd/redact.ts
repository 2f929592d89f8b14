/** Replaces anything shaped like a CPF (bare or formatted) so error texts can be stored and logged safely. */
export function redactCpfs(text: string): string {
  return text.replace(/\d{3}\.?\d{3}\.?\d{3}-?\d{2}/g, "***");
}

/** A short, CPF-free description of a failure, for `lastError`, `details.reason` and logs. */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === "object" && error && "code" in error ? String(error.code) : "";
  const text = redactCpfs(message).replace(/\s+/g, " ").trim().slice(0, 300) || "Unknown error";
  return code && /^[0-9A-Z]{5}$/.test(code) ? `${text} (SQLSTATE ${code})` : text;
}
