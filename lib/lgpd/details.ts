// Reading an LGPD request's `details` JSON for people, defensively: the processor writes
// {deleted: {documents, observations, attachments, history}, requested_at, completed_at} when done and
// {reason} on error (with failed_at and attempts, or the officer's review and denied_at), but any other shape must
// still render: unknown keys are kept as values for a sentence of their own, never shown as keys.

const KNOWN_DELETED_KINDS = ["documents", "observations", "attachments", "history"] as const;
type KnownDeletedKind = (typeof KNOWN_DELETED_KINDS)[number];

/** The instants a request's details may record, in the order a reader meets them. */
export const DETAIL_MOMENTS = ["received_at", "denied_at", "failed_at", "next_attempt_at"] as const;
export type DetailMoment = (typeof DETAIL_MOMENTS)[number];

export type DetailsSummary = {
  /** Counts per kind from `details.deleted`, known kinds first in a fixed order. */
  deleted: { kind: string; count: number; known: boolean }[];
  reason: string | null;
  requestedAt: string | null;
  completedAt: string | null;
  /** When it was received (by hand), denied, failed or will be tried again: ISO instants, for the reader's zone. */
  moments: { moment: DetailMoment; at: string }[];
  /** The officer's review recorded in the details (awaiting, approved, denied). */
  review: string | null;
  /** Attempts made (a failure) or failed so far (a request still pending). */
  attempts: number | null;
  /** Documents a legal hold kept (anonymised, not deleted). */
  keptDocuments: number | null;
  /** Everything else, flattened to text. */
  other: { key: string; value: string }[];
};

const MAX_VALUE_CHARS = 300;

export function isKnownDeletedKind(kind: string): kind is KnownDeletedKind {
  return (KNOWN_DELETED_KINDS as readonly string[]).includes(kind);
}

function asText(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isMoment(key: string): key is DetailMoment {
  return (DETAIL_MOMENTS as readonly string[]).includes(key);
}

export function summarizeDetails(details: unknown): DetailsSummary {
  const summary: DetailsSummary = {
    deleted: [],
    reason: null,
    requestedAt: null,
    completedAt: null,
    moments: [],
    review: null,
    attempts: null,
    keptDocuments: null,
    other: [],
  };
  if (details === null || details === undefined) return summary;
  if (!isRecord(details)) {
    summary.other.push({ key: "details", value: asText(details) });
    return summary;
  }
  for (const [key, value] of Object.entries(details)) {
    if (key === "deleted" && isRecord(value)) {
      for (const [kind, count] of Object.entries(value)) {
        if (typeof count === "number" && Number.isFinite(count)) {
          summary.deleted.push({ kind, count, known: isKnownDeletedKind(kind) });
        } else {
          summary.other.push({ key: `deleted.${kind}`, value: asText(count) });
        }
      }
    } else if (key === "reason" && typeof value === "string") {
      summary.reason = asText(value);
    } else if (key === "requested_at" && typeof value === "string") {
      summary.requestedAt = value;
    } else if (key === "completed_at" && typeof value === "string") {
      summary.completedAt = value;
    } else if (isMoment(key) && typeof value === "string" && !Number.isNaN(Date.parse(value))) {
      summary.moments.push({ moment: key, at: value });
    } else if (key === "review" && typeof value === "string") {
      summary.review = value;
    } else if ((key === "attempts" || key === "failed_attempts") && typeof value === "number") {
      summary.attempts = value;
    } else if (key === "kept" && isRecord(value) && typeof value.documents === "number") {
      summary.keptDocuments = value.documents;
    } else {
      summary.other.push({ key, value: asText(value) });
    }
  }
  const rank = (kind: string) =>
    isKnownDeletedKind(kind) ? KNOWN_DELETED_KINDS.indexOf(kind) : KNOWN_DELETED_KINDS.length;
  summary.deleted.sort((a, b) => rank(a.kind) - rank(b.kind));
  summary.moments.sort((a, b) => DETAIL_MOMENTS.indexOf(a.moment) - DETAIL_MOMENTS.indexOf(b.moment));
  return summary;
}

/** Counts per kind as a plain object (for the JSON receipt); null when the details hold none. */
export function deletedCounts(details: unknown): Record<string, number> | null {
  const { deleted } = summarizeDetails(details);
  return deleted.length ? Object.fromEntries(deleted.map((entry) => [entry.kind, entry.count])) : null;
}
