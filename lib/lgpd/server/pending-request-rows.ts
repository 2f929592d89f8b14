// What deletion and access requests share (LGPD Art. 18): the CPF's digits, who entered the request, the columns a
// pending row starts with, and the one-pending-row-per-CPF insert. deletion-request-rows.ts and access-request-rows.ts
// record each kind with them.
import "server-only";
import { isValidCpf, maskCpf } from "../../identifiers/identifiers.ts";
import { lgpdCpfHash } from "./cpf-hash.ts";

class InvalidCpfError extends Error {
  constructor() {
    super("Invalid CPF");
    this.name = "InvalidCpfError";
  }
}

/** The 11 digits of a valid CPF (bare or formatted), or an InvalidCpfError. */
export function cpfDigitsOf(cpf: string): string {
  if (!isValidCpf(cpf)) throw new InvalidCpfError();
  return cpf.replace(/\D/g, "");
}

/** Who recorded a request and, for one entered by hand (request-*-by-staff.ts), how and when it arrived. */
export type RequestEntry = {
  source: "api" | "admin";
  requestedById?: number | null;
  channel?: string | null;
  receivedAt?: Date | null;
  note?: string | null;
};

/** The columns every pending request row (deletion or access) starts with: the CPF keyed, masked, and who sent it. */
export function pendingRequestFields(instanceId: number, digits: string, entry: RequestEntry) {
  const cpfHash = lgpdCpfHash(digits);
  return {
    instanceId,
    cpfHash,
    cpfMasked: maskCpf(digits),
    cpfPending: digits,
    pendingKey: cpfHash,
    source: entry.source,
    requestedById: entry.requestedById ?? null,
    channel: entry.channel ?? null,
    receivedAt: entry.receivedAt ?? null,
    note: entry.note ?? null,
  };
}

/**
 * One pending request per CPF: the pending row `findPending` answers, else the row `insert` adds — with ON CONFLICT
 * DO NOTHING (createMany's skipDuplicates) rather than catching the unique violation, which would abort the caller's
 * transaction; it answers nothing when a concurrent call's row won. A few rounds: a conflicting pending request can
 * be processed between our failed insert and the lookup.
 */
export async function findOrInsertPending<Row>(
  what: string,
  findPending: () => Promise<Row | null>,
  insert: () => Promise<Row | undefined>,
): Promise<{ request: Row; created: boolean }> {
  for (let round = 0; round < 3; round += 1) {
    const existing = await findPending();
    if (existing) return { request: existing, created: false };
    const request = await insert();
    if (request) return { request, created: true };
  }
  throw new Error(`Could not record the ${what} after repeated conflicts`);
}
