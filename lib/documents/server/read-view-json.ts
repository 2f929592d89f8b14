// The read view of loadById / loadByCPF / document/filter (SPEC.md) built in Node from the rows of the read statements
// (lib/documents/read-view-sql.ts): the same keys, order and values as serializeReadView over Prisma's load
// (tests/read-view-sql.db.test.ts compares them on PGlite and PostgreSQL), masked as the caller's role's policy says.
// Hand-written rather than a generic mapper: it is the hot path of every API read, and a plain object literal per
// view keeps V8's JSON.stringify on its fast path (docs/decisions/0027-read-views-as-columns-json-in-node.md).
import "server-only";
import { maskPersonalValue, type PersonalField } from "../mask.ts";
import type { AttachmentTuple, ObservationTuple, ReadViewRow } from "../read-view-sql.ts";
import { stepOf, type StepMap } from "./read-step-cache.ts";

const pad3 = (fraction: string) => (fraction.length === 4 ? fraction : `${fraction || "."}000`.slice(0, 4));
// "2026-11-25 10:00:00.12+00" (timestamptz text) or "2026-11-25T10:00:00.12+00:00" (inside json), any offset, or
// " BC" after the offset for years before 1.
const PG_TIMESTAMP =
  /^(\d{4,})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(\.\d+)?(?:([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?)?( BC)?$/;

/**
 * PostgreSQL's ISO text of a timestamptz, in whatever time zone the session has, as Date#toISOString() writes it —
 * what `to_char(x AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` answered before (milliseconds truncated, as
 * to_char's MS does). UTC text (the server's default here) is rewritten in place; any other offset goes through Date.
 */
export function isoFromPg(text: string): string;
export function isoFromPg(text: string | null): string | null;
export function isoFromPg(text: string | null): string | null {
  if (text === null) return null;
  const length = text.length;
  // Fast path: "YYYY-MM-DD HH:MM:SS[.f]+00" or "…+00:00", a four-digit year.
  const utcEnd = text.endsWith("+00") ? length - 3 : text.endsWith("+00:00") ? length - 6 : -1;
  if (utcEnd >= 19 && text.charCodeAt(4) === 45 && (utcEnd === 19 || text.charCodeAt(19) === 46)) {
    return `${text.slice(0, 10)}T${text.slice(11, 19)}${pad3(text.slice(19, Math.min(utcEnd, 23)))}Z`;
  }
  const match = PG_TIMESTAMP.exec(text);
  if (!match) throw new Error(`Unexpected timestamp text from the database: ${JSON.stringify(text)}`);
  const [, year, month, day, hour, minute, second, fraction, sign, offsetH, offsetM, offsetS, bc] = match;
  const offsetSeconds =
    (sign === "-" ? -1 : 1) * (Number(offsetH ?? 0) * 3600 + Number(offsetM ?? 0) * 60 + Number(offsetS ?? 0));
  const date = new Date(0);
  date.setUTCFullYear(bc ? 1 - Number(year) : Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hour), Number(minute), Number(second), Number(pad3(fraction?.slice(0, 4) ?? "").slice(1)));
  return new Date(date.getTime() - offsetSeconds * 1000).toISOString();
}

const observationView = (o: ObservationTuple) => {
  const createdAt = isoFromPg(o[4]);
  return {
    id: o[0],
    text: o[1],
    visibility: o[2],
    author: o[3],
    created_at: createdAt,
    message: o[1],
    observation_from: o[5] ?? (o[2] === "internal" ? "internal" : "client"),
    send_communication: o[6],
    attachment_name: o[7],
    createdAt,
    user: { name: o[3] },
  };
};

const attachmentView = (documentId: number, a: AttachmentTuple) => {
  const createdAt = isoFromPg(a[9]);
  const downloadUrl = a[1] === "uploaded" ? `/api/documents/${documentId}/attachments/${a[0]}` : null;
  return {
    id: a[0],
    state: a[1],
    file_name: a[2],
    media_type: a[3],
    size: a[4],
    sha256: a[5],
    request_note: a[6],
    request_name: a[7],
    author: a[8],
    created_at: createdAt,
    uploaded_at: isoFromPg(a[10]),
    download_url: downloadUrl,
    link_url: a[11],
    name: a[2],
    path: a[11] ?? downloadUrl,
    status: a[12] ?? (a[1] === "pending" ? "pending" : "in_analisys"),
    user: { name: a[8] },
    createdAt,
  };
};

/** The fields a read masks (none: null or empty). */
export type MaskedFields = ReadonlySet<PersonalField> | null;

const personal = (masked: MaskedFields, field: PersonalField, value: string | null) =>
  masked !== null && masked.has(field) ? maskPersonalValue(field, value) : value;

/**
 * One document's read view (an object to JSON.stringify), its step from the instance's `steps` map
 * (read-step-cache.ts), with the `masked` fields masked.
 */
export function readViewOf(row: ReadViewRow, steps: StepMap, masked: MaskedFields = null) {
  const createdAt = isoFromPg(row.createdAt);
  return {
    id: row.id,
    status_id: row.statusId,
    uuid: row.uuid,
    product_id: row.productId,
    protocol: row.protocol,
    filled_columns: row.filledColumns,
    date_time: isoFromPg(row.dateTime),
    sla_end_status: isoFromPg(row.slaEndStatus),
    updated_at: isoFromPg(row.updatedAt),
    fields_to_show: {
      CPF: personal(masked, "cpf", row.cpf),
      Email: personal(masked, "email", row.email),
      Telefone: personal(masked, "phone", row.phone),
      Cliente: personal(masked, "name", row.name),
      Fonte: row.source,
      Modalidade: row.modalityIdentifier,
      "Criado em": createdAt,
    },
    product: {
      id: row.productId,
      name: row.pName,
      description: row.pDescription,
      sla: row.pSla,
      active: row.pActive,
      created_at: isoFromPg(row.pCreatedAt),
      updated_at: isoFromPg(row.pUpdatedAt),
    },
    status: {
      id: row.statusId,
      name: row.sName,
      description: row.sDescription,
      category: row.cKey,
      category_id: row.sCategoryId,
      category_label: row.cLabel,
      sla: row.sSla,
      text_color: row.sTextColor,
      bg_color: row.sBgColor,
      order: row.sOrder,
      step_id: row.sStepId,
    },
    step: stepOf(steps, row.productId, row.statusId, row.sStepId),
    observation: row.observations === null ? [] : row.observations.map(observationView),
    attachment: row.attachments === null ? [] : row.attachments.map((a) => attachmentView(row.id, a)),
  };
}

/** The JSON text of one view. */
export function readViewJson(row: ReadViewRow, steps: StepMap, masked: MaskedFields = null): string {
  return JSON.stringify(readViewOf(row, steps, masked));
}

/** The JSON text of an array of views. */
export function readViewsJson(rows: ReadViewRow[], steps: StepMap, masked: MaskedFields = null): string {
  if (rows.length === 0) return "[]";
  return JSON.stringify(rows.map((row) => readViewOf(row, steps, masked)));
}
