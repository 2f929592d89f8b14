// A stored webhook payload as the delivery view shows it to an admin whose masking policy masks some personal fields:
// the document's own fields (data.cpf, data.name, …) masked like the list masks them, the changes' before/after of
// those fields too, and every other string of the payload (a file name, a filled column, an observation) with those
// values masked inside it. The receiver got the payload in clear; the view is a read by a person, under their policy.
import { PERSONAL_FIELDS, type PersonalField } from "../documents/mask.ts";
import { maskFieldValue, textMaskerFor, type PersonalSource } from "../documents/policy-mask.ts";

type Data = Record<string, unknown>;
const isObject = (value: unknown): value is Data =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The personal values the payload names: its data's own fields and the before/after of each personal change. */
function personalSources(data: Data): PersonalSource[] {
  const sources: PersonalSource[] = [data];
  const changes = Array.isArray(data.changes) ? data.changes : [];
  for (const change of changes) {
    if (!isObject(change) || !(PERSONAL_FIELDS as readonly unknown[]).includes(change.field)) continue;
    const field = change.field as PersonalField;
    sources.push({ [field]: change.before }, { [field]: change.after });
  }
  return sources;
}

function maskStrings(value: unknown, mask: (text: string) => string): unknown {
  if (typeof value === "string") return mask(value);
  if (Array.isArray(value)) return value.map((item) => maskStrings(item, mask));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskStrings(v, mask)]));
  return value;
}

/**
 * The payload (as parsed from the stored body, or the body itself when it is not JSON) under the masked fields, and
 * a function masking the same values in other text of the delivery (the receiver's answer may echo them).
 */
export function maskWebhookPayload(
  payload: unknown,
  masked: ReadonlySet<PersonalField>,
): { payload: unknown; maskText: (text: string) => string } {
  if (masked.size === 0) return { payload, maskText: (text) => text };
  if (!isObject(payload) || !isObject(payload.data)) {
    // Not one of our events (a body that could not be prepared): no field to tell its personal values by, so the
    // whole text is hidden until revealed.
    const hide = (text: string) => text.replace(/[^\s{}[\]:,"]/g, "*");
    return { payload: typeof payload === "string" ? hide(payload) : payload, maskText: hide };
  }
  const data = payload.data;
  const mask = textMaskerFor(personalSources(data), masked);
  const shown: Data = {};
  for (const [key, value] of Object.entries(data)) {
    if ((PERSONAL_FIELDS as readonly string[]).includes(key)) shown[key] = maskFieldValue(key, value, masked);
    else if (key === "changes" && Array.isArray(value)) {
      shown[key] = value.map((change) =>
        isObject(change) && typeof change.field === "string"
          ? maskStrings(
              {
                ...change,
                before: maskFieldValue(change.field, change.before, masked),
                after: maskFieldValue(change.field, change.after, masked),
              },
              mask,
            )
          : maskStrings(change, mask),
      );
    } else shown[key] = maskStrings(value, mask);
  }
  return { payload: { ...payload, data: shown }, maskText: mask };
}
