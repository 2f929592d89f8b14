// The masking policy contract (no server-only imports: the settings panel uses it too). Per role, which of the
// customer's personal fields the documents list masks. Default (docs/decisions/0020-documents-list-search.md): the
// identifiers and contacts (cpf, email, phone) masked, the name visible, so staff can scan a queue by customer.
import { z } from "zod";
import { PERSONAL_FIELDS, type PersonalField } from "./mask.ts";

export const POLICY_ROLES = ["admin", "staff", "viewer"] as const;
type PolicyRole = (typeof POLICY_ROLES)[number];
export type MaskingPolicy = Record<PolicyRole, PersonalField[]>;

export const DEFAULT_MASKED_FIELDS: readonly PersonalField[] = ["cpf", "email", "phone"];

const maskedFields = z
  .array(z.enum(PERSONAL_FIELDS))
  .max(PERSONAL_FIELDS.length)
  .transform((fields) => PERSONAL_FIELDS.filter((field) => fields.includes(field)));

export const ZMaskingPolicyBody = z.object({ admin: maskedFields, staff: maskedFields, viewer: maskedFields }).strict();
