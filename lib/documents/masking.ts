// How personal data looks in lists before someone reveals it (spec: "masked in lists until a user with the right
// role reveals it"). Enough stays to tell rows apart, not enough to identify the person.

/** "Maria da Silva" → "M**** d* S****": first letter of each word. */
export function maskName(value: string | null): string | null {
  if (!value) return value;
  return value
    .trim()
    .split(/\s+/)
    .map((word) => {
      const letters = Array.from(word);
      return letters.length <= 1 ? letters.join("") : `${letters[0]}${"*".repeat(Math.min(letters.length - 1, 6))}`;
    })
    .join(" ");
}

/** "maria.silva@example.com" → "m***@e***.com": first letter of the mailbox and domain, and the top-level domain. */
export function maskEmail(value: string | null): string | null {
  if (!value) return value;
  const at = value.lastIndexOf("@");
  if (at <= 0) return "***";
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${Array.from(local)[0] ?? ""}***@${Array.from(host)[0] ?? ""}***${tld}`;
}

/** "(11) 98765-4321" → "(**) *****-4321": only the last four digits remain. */
export function maskPhone(value: string | null): string | null {
  if (!value) return value;
  const digits = value.replace(/\D/g, "");
  if (digits.length < 6) return "***";
  return `(**) *****-${digits.slice(-4)}`;
}
