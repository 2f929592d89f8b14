// How the audit trail page shows a row: who acted in words ("Sistema (CLI)" for the command line, "Sistema (rotina)"
// for the worker), and the details with personal values masked (e-mails, CPFs, phones, a user's name — also inside
// `changes`) until an admin reveals them, which is itself audited. Shared by the server and the browser.
import { maskPersonalValue, type PersonalField } from "../documents/mask.ts";

const AUDIT_SYSTEM_LABELS: Record<string, string> = {
  cli: "Sistema (CLI)",
  worker: "Sistema (rotina)",
  customer: "Cliente (acompanhamento)",
  "API LGPD": "Sistema (API LGPD)",
  "link de download LGPD": "Titular (link de download LGPD)",
};

/** The actor as people read it: system actors by their role, users and tokens by their label. */
export function auditActorDisplay(actorType: string, actorLabel: string): string {
  if (actorType === "system") return AUDIT_SYSTEM_LABELS[actorLabel] ?? `Sistema (${actorLabel})`;
  return actorLabel;
}

const PERSONAL_KEYS: Record<string, PersonalField> = { cpf: "cpf", email: "email", phone: "phone" };

/** The personal field a details key holds: cpf/email/phone anywhere, `name` only in a user's rows. */
function personalFieldOf(key: string, entity: string): PersonalField | null {
  if (PERSONAL_KEYS[key]) return PERSONAL_KEYS[key];
  if (key === "name" && entity === "user") return "name";
  return null;
}

function maskValue(value: unknown, field: PersonalField | null, entity: string): unknown {
  if (field) {
    // {before, after} of a change of that field.
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, maskValue(inner, field, entity)]),
      );
    }
    return maskPersonalValue(field, value);
  }
  if (Array.isArray(value)) return value.map((item) => maskValue(item, null, entity));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
        key,
        maskValue(inner, personalFieldOf(key, entity), entity),
      ]),
    );
  }
  return value;
}

/** `details` with its personal values masked; whether anything was masked (the page offers to reveal only then). */
export function maskAuditDetails(details: unknown, entity: string): { details: unknown; masked: boolean } {
  const masked = maskValue(details, null, entity);
  return { details: masked, masked: JSON.stringify(masked) !== JSON.stringify(details) };
}
