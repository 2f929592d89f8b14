/** Replaces anything shaped like a CPF (bare or formatted) so error texts can be stored and logged safely. */
export function redactCpfs(text: string): string {
  return text.replace(/\d{3}\.?\d{3}\.?\d{3}-?\d{2}/g, "***");
}
