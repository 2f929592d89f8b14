// The request and answer schemas of the APIs menu's routes: document-API tokens and the instance's LGPD key. Shared.
import { z } from "zod";
import { ZIsoDateTime } from "../catalog/answers.ts";

/** POST /api/admin/tokens request. */
export const ZCreateApiTokenBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    role: z.enum(["admin", "staff", "viewer"]),
    expires_at: z.iso.datetime({ offset: true }).nullish(),
    /** Read the customer's data in clear on document/loadById and loadByCPF (staff and admin tokens only). */
    clear_personal_data: z.boolean().optional(),
  })
  .strict();
export type TCreateApiTokenBody = z.infer<typeof ZCreateApiTokenBody>;

/** One row of the token list: never the secret, only the prefix people recognise it by. */
export const ZApiToken = z.strictObject({
  id: z.int(),
  name: z.string(),
  prefix: z.string(),
  role: z.enum(["admin", "staff", "viewer"]),
  created_by: z.string().nullable(),
  created_at: ZIsoDateTime,
  last_used_at: ZIsoDateTime.nullable(),
  expires_at: ZIsoDateTime.nullable(),
  revoked_at: ZIsoDateTime.nullable(),
  state: z.enum(["active", "expired", "revoked"]),
  clear_personal_data: z.boolean(),
  /** Document-API reads this token made with the personal data in clear. */
  unmasked_reads: z.int(),
});

/** POST /api/admin/tokens/{id}/personal-data request. */
export const ZTokenPersonalDataBody = z.strictObject({ clear: z.boolean() });

export const ZApiTokenList = z.strictObject({ items: z.array(ZApiToken) });

/** A created token: the secret, shown this once, with its row. */
export const ZCreatedApiToken = ZApiToken.extend({ token: z.string() });

export const ZLgpdKeyInfo = z.strictObject({
  configured: z.boolean(),
  last_chars: z.string().nullable(),
  created_at: ZIsoDateTime.nullable(),
  created_by: z.string().nullable(),
  last_used_at: ZIsoDateTime.nullable(),
  /** The key before the last rotation while its overlap window lasts (it still works until previous_valid_until). */
  previous_last_chars: z.string().nullable(),
  previous_valid_until: ZIsoDateTime.nullable(),
  instance: z.string(),
  request_url: z.string(),
  /** With `{cpf}` where the CPF goes. */
  status_url: z.string(),
});

/** A rotated key: shown this once, stored hashed. */
export const ZRotatedLgpdKey = ZLgpdKeyInfo.extend({ key: z.string() });
