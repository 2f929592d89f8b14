import { z } from "zod";
import { isValidCpf } from "../identifiers/identifiers.ts";

/** POST /api/lgpd/<instance>/request: a CPF with valid check digits, bare or formatted. */
export const deletionRequestSchema = z.object({
  cpf: z
    .string()
    .trim()
    .refine(isValidCpf, "Invalid CPF")
    .meta({ examples: ["123.456.789-09", "12345678909"] }),
});
