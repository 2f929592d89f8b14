// The route wrapper's dialects: how one kind of contract is admitted, reads its body, answers errors and logs. apiRoute
// has the house's own (bearer, session, none); an API with its own (the LGPD API, `auth: "lgpdKey"`, which keeps the
// original service's bodies) registers its dialect from its domain — lib/lgpd/server/http-dialect.ts — so lib/http
// imports no domain. Its routes import that module, so the dialect is registered before their apiRoute is built.
import "server-only";
import type { Actor } from "../../auth/actor.ts";
import type { ApiContract } from "../contract.ts";
import type { IdempotencyDialect } from "./idempotent-route.ts";

/**
 * Who is calling (`label` for the log line, `context` for the handler) and `admit`, which throws (or rejects) when
 * they may not.
 */
export type Caller = {
  label: string;
  context: { actor: Actor } | { address: string | null } | { instanceId: number };
  /** Whose Idempotency-Keys these are (the instance and the credential), for contracts with `idempotency`. */
  idempotencyOwner?: { instanceId: number; credential: string };
  admit: () => void | Promise<void>;
};

export type Dialect = {
  identify: (request: Request, params: Record<string, string>) => Promise<Caller>;
  idempotency: IdempotencyDialect;
  readBody: (request: Request) => Promise<unknown>;
  errorResponse: (error: unknown, requestId: string, path: string) => Response;
  logRequest: (line: {
    requestId: string;
    method: string;
    path: string;
    status: number;
    caller: Caller | null;
    ms: number;
  }) => void;
};

type DialectFactory = (contract: ApiContract) => Dialect;

// On globalThis: every route's copy of this module must find the one registry.
const registry = ((globalThis as Record<string, unknown>).__docflowAuthDialects ??= new Map()) as Map<
  string,
  DialectFactory
>;

/** Registers the dialect of the contracts whose `auth` is `auth`. */
export function registerAuthDialect(auth: ApiContract["auth"], factory: DialectFactory): void {
  registry.set(auth, factory);
}

/** The registered dialect of this contract's `auth`, if any. */
export function registeredDialect(contract: ApiContract): Dialect | null {
  return registry.get(contract.auth)?.(contract) ?? null;
}
