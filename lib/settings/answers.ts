// The answer schemas of the settings routes (lib/settings/*.ts build them). Shared with the browser.
import { z } from "zod";
import { ZCategory, ZColumn, ZIsoDateTime, ZModality, ZProduct, ZStatus, ZStep } from "../catalog/answers.ts";

export { ZCategory, ZColumn, ZModality, ZProduct, ZStatus, ZStep };

/** DELETE answers of the settings routes. */
export const ZDeleted = z.strictObject({ deleted: z.literal(true), id: z.int() });

const ZCategoryListItem = ZCategory.extend({ status_count: z.int() });
/** A status as settings show it: the catalog's fields plus the customer-facing name and message. */
export const ZStatusSettings = ZStatus.extend({
  public_name: z.string().nullable(),
  notify_customer: z.boolean(),
  message_subject: z.string().nullable(),
  message_body: z.string().nullable(),
  /** Final: with no allowed transitions, documents in it move nowhere. */
  final: z.boolean(),
  /** A customer's reply or file moves a document in this status there (null: it stays). */
  reply_status_id: z.int().nullable(),
});
const ZStatusListItem = ZStatusSettings.extend({ document_count: z.int() });
export const ZProductWithCount = ZProduct.extend({
  document_count: z.int(),
  /** The product's status → step map (GET of one product): which of its steps each listed status stands for. */
  status_steps: z.array(z.strictObject({ status_id: z.int(), step_id: z.int() })).optional(),
});
export const ZModalityWithCount = ZModality.extend({ document_count: z.int() });

export const ZUser = z.strictObject({
  id: z.int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["admin", "staff", "viewer"]),
  disabled: z.boolean(),
  integration: z.boolean(),
  created_at: ZIsoDateTime,
  last_sign_in_at: ZIsoDateTime.nullable(),
});

/** A created user (with the generated password, once, when none was sent) or a reset one (always). */
export const ZUserWithPassword = ZUser.extend({ generated_password: z.string().optional() });

export const ZCategoryList = z.array(ZCategoryListItem);
export const ZStatusWithCountList = z.array(ZStatusListItem);
export const ZProductWithCountList = z.array(ZProductWithCount);
export const ZModalityWithCountList = z.array(ZModalityWithCount);
export const ZUserList = z.array(ZUser);
