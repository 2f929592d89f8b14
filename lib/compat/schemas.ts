// Request and answer schemas of the compatibility routes: the calls the original service's SDK and CLI make
// (SPEC.md "Clients of the original service", docs/migrating.md). Shared: no server imports.
import { z } from "zod";
import { idField } from "../http/zod-fields.ts";
import { ZAttachment, ZObservation, ZReadView } from "../documents/answers.ts";
import { MAX_PAGE_SIZE } from "../documents/search-schema.ts";

/** /cognito/user/signIn answer: `expiration` in Unix epoch SECONDS (the SDK computes a cache TTL from it). */
export const ZCompatSignInAnswer = z.strictObject({ token: z.string(), expiration: z.int().positive() });

const texts = (max: number) => z.array(z.string().trim().min(1).max(max)).max(100).optional();
const ids = z.array(idField).max(100).optional();

/**
 * A day as the original's clients send it: DD/MM/YYYY or ISO (YYYY-MM-DD, or a full ISO date-time, whose instant is
 * used as it is). Days are read in America/Sao_Paulo, like the staff list's filters.
 */
export const compatDateField = z
  .string()
  .trim()
  .transform((value, context) => {
    const brazilian = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    const day = brazilian
      ? `${brazilian[3]}-${brazilian[2]}-${brazilian[1]}`
      : /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? value
        : null;
    if (day) {
      if (new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day) return { day };
    } else if (z.iso.datetime({ offset: true }).safeParse(value).success) {
      return { instant: new Date(value) };
    }
    context.addIssue({ code: "custom", message: "Expected a date as DD/MM/YYYY, YYYY-MM-DD or an ISO date-time" });
    return z.NEVER;
  });
export type CompatDate = { day: string } | { instant: Date };

/** At most this many documents per document/filter answer; `page`/`limit` walk past it. */
export const COMPAT_FILTER_PAGE_CAP = MAX_PAGE_SIZE;

export const ZCompatFilterBody = z.strictObject({
  modality_identifier: texts(120),
  products: ids,
  status_id: ids,
  uuid: texts(64),
  protocol: texts(64),
  email: texts(320),
  phone: texts(60),
  name: texts(200),
  categories: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
  initialDate: compatDateField.optional(),
  finalDate: compatDateField.optional(),
  page: z.int().min(1).max(100_000).optional(),
  limit: z.int().min(1).max(COMPAT_FILTER_PAGE_CAP).optional(),
});
export type CompatFilterBody = z.infer<typeof ZCompatFilterBody>;

export const ZCompatReadViews = z.array(ZReadView);

const OBSERVATION_FROM = ["internal", "client", "question"] as const;

export const ZCompatObservationBody = z.strictObject({
  document_id: idField,
  message: z.string().trim().min(1, "message must not be empty").max(10_000),
  observation_from: z.enum(OBSERVATION_FROM),
  /** The original console's section; accepted and not used (docs/migrating.md). */
  section: z
    .union([z.string().max(200), z.number()])
    .nullable()
    .optional(),
  send_communication: z.boolean().optional(),
  attachment_name: z.string().trim().max(200).nullable().optional(),
});
export type CompatObservationBody = z.infer<typeof ZCompatObservationBody>;

export const ZCompatIdBody = z.strictObject({ id: idField });
export const ZCompatDeleted = z.strictObject({ id: z.int(), deleted: z.literal(true) });

const ATTACHMENT_REVIEW = ["ok", "pending", "in_analisys"] as const;

const pendency = z.strictObject({
  document_id: idField,
  name: z.string().trim().min(1, "name must not be empty").max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  status: z.enum(ATTACHMENT_REVIEW).optional(),
});
export type CompatPendency = z.infer<typeof pendency>;

export const ZCompatCreatePendencyBody = z.strictObject({
  pendencies: z.array(pendency).min(1).max(50),
  /** The original console's flag; the customer always sees pending requests on the tracking page. */
  send_to_sac: z.boolean().optional(),
});

export const ZCompatLoadPendencyBody = z.strictObject({ document_id: idField });

/**
 * Where a linked file lives: an http(s) URL or a storage key (no scheme), taken exactly as sent. Never fetched by the
 * server, but clients render it as a link, so what a browser would read another way is refused: other schemes
 * (javascript:, data:, file:); any control (C0, DEL, C1), invisible format or space character anywhere — a browser
 * drops leading ones (`\u0001javascript:` runs as `javascript:`) and tabs or newlines inside a URL; and a key that
 * starts with `/` or `\` (`//evil.example/x` and `\\evil\share` name another host).
 */
const HIDDEN_OR_SPACE = /[\p{Cc}\p{Cf}\p{Z}\s]/u;
export const linkPathField = z
  .string()
  .min(1)
  .max(2048)
  .superRefine((value, context) => {
    const problem = linkPathProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

function linkPathProblem(value: string): string | null {
  if (HIDDEN_OR_SPACE.test(value)) return "path must not contain control, invisible or space characters";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) {
    if (/^[/\\]/.test(value)) return "A storage key cannot start with / or \\";
    return /[<>"]/.test(value) ? "Expected an http(s) URL or a storage key" : null;
  }
  if (scheme !== "http" && scheme !== "https") return "Expected an http(s) URL or a storage key";
  return URL.canParse(value) ? null : "Expected an http(s) URL or a storage key";
}

/** The SDK's update is `{id}` plus any field of upload/link (its type is a Partial of that body). */
export const ZCompatUpdateAttachmentBody = z.strictObject({
  id: idField,
  /** When sent, must be the attachment's document (else 404). */
  document_id: idField.optional(),
  name: z.string().trim().min(1).max(200).optional(),
  filename: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  status: z.enum(ATTACHMENT_REVIEW).optional(),
  /** Linked files only (state linked): where the file lives now. */
  path: linkPathField.optional(),
  driver: z.string().trim().max(40).nullable().optional(),
  send_attachment: z.boolean().optional(),
});
export type CompatUpdateAttachmentBody = z.infer<typeof ZCompatUpdateAttachmentBody>;

export const ZCompatUploadLinkBody = z.strictObject({
  document_id: idField,
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  filename: z.string().trim().max(200).nullable().optional(),
  path: linkPathField,
  driver: z.string().trim().max(40).nullable().optional(),
  status: z.enum(ATTACHMENT_REVIEW).optional(),
  /** The original's flag to e-mail the file on; we never fetch or send it (docs/migrating.md). */
  send_attachment: z.boolean().optional(),
});
export type CompatUploadLinkBody = z.infer<typeof ZCompatUploadLinkBody>;

/**
 * product/create as the CLI sends it: its whole Product struct, so `id`, `created_at` and `updated_at` come too (Go's
 * zero values, 0 and ""); they are accepted and not used — the server assigns them.
 */
export const ZCompatCreateProductBody = z
  .strictObject({
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(1000).optional(),
    id: z.number().optional(),
    created_at: z.string().max(40).optional(),
    updated_at: z.string().max(40).optional(),
  })
  .transform(({ name, description }) => ({ name, description }));

export const ZCompatAttachment = ZAttachment;
export const ZCompatAttachments = z.array(ZAttachment);
export const ZCompatObservation = ZObservation;

/** /status/loadStatusTransition (the SDK's `status.loadTransition`): the products whose workflow the caller asks for. */
export const ZCompatStatusTransitionBody = z.strictObject({ products: ids });
