import "server-only";
import { keyedHash } from "../../auth/server/secrets.ts";

/**
 * The keyed hash an LGPD request keeps of its CPF (`LgpdRequest.cpfHash`): HMAC of the CPF's digits, so
 * `123.456.789-09` and `12345678909` hash alike. The LGPD API, its processor and the admin page must all use this.
 */
export function lgpdCpfHash(cpf: string): string {
  return keyedHash(cpf.replace(/\D/g, ""));
}
