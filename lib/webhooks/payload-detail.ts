// How much of a document a webhook endpoint receives: "minimal" — ids, protocol, status and the names of
// the fields that changed, so a receiver knows what to fetch through the API with its own token (where the masking
// policy and the token's rights apply) — or "full" — the whole document with before/after values. New endpoints
// default to minimal (LGPD Art. 6 III, necessity: personal data leaves on purpose, not by default); endpoints saved
// before the option keep "full" (the migration), so no integration changes under its feet.
import type { WebhookEvent } from "./event-names.ts";

export const PAYLOAD_DETAILS = ["minimal", "full"] as const;
export type PayloadDetail = (typeof PAYLOAD_DETAILS)[number];
export const DEFAULT_PAYLOAD_DETAIL: PayloadDetail = "minimal";

type Data = Record<string, unknown>;

const DOCUMENT_KEYS = ["id", "uuid", "protocol", "status_id", "product_id", "modality_id", "updated_at"] as const;

function pick(data: Data, keys: readonly string[]): Data {
  return Object.fromEntries(keys.filter((key) => key in data).map((key) => [key, data[key]]));
}

/** The minimal form of an event's data, derived from the full one. */
export function minimalEventData(type: WebhookEvent, data: unknown): unknown {
  const full = (data ?? {}) as Data;
  switch (type) {
    case "document.created":
      return pick(full, DOCUMENT_KEYS);
    case "document.updated": {
      const changes = Array.isArray(full.changes) ? (full.changes as Array<{ field?: unknown }>) : [];
      return { ...pick(full, DOCUMENT_KEYS), changed_fields: changes.map((change) => String(change.field)) };
    }
    case "document.status_changed":
      return pick(full, [...DOCUMENT_KEYS, "previous_status_id"]);
    case "attachment.received": {
      // The file name is what the customer or staff typed ("CNH João.pdf"): full detail only.
      const attachment = (full.attachment ?? {}) as Data;
      return {
        ...pick(full, ["document_id", "protocol", "sent_by"]),
        attachment: pick(attachment, ["id", "media_type", "size", "sha256"]),
      };
    }
    default:
      // lgpd.request.completed carries no personal data in either form (ids, protocols, counts, masked CPF).
      return data;
  }
}
