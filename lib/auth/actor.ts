import type { Role } from "./roles.ts";

/**
 * The processes that act without a person: the command line, the background worker, the tracking page's customer,
 * the LGPD API, and the sign-in (whose events name the account tried, not someone signed in).
 */
export type SystemName = "cli" | "worker" | "customer" | "lgpd_api" | "sign_in";

type ActorFields = {
  id: number;
  /** For history and audit lines: the token's name, the user's e-mail, or the system's name. */
  label: string;
  instanceId: number;
  role: Role;
  /** The staff user behind the call (a user session, or a token from POST /api/auth/token). */
  userId: number | null;
  /**
   * An integration token an admin allowed to read the customer's data in clear on the document API (staff+ tokens of
   * kind api only). Everyone else gets it masked like the document page (lib/documents/server/read-for-caller.ts).
   */
  clearPersonalData?: boolean;
};

/**
 * Who is calling, always inside one instance: a document-API token, a signed-in staff user, or a system actor
 * (`systemActor`) so that the CLI and the worker call the same audited use-cases as the routes.
 */
export type Actor = (ActorFields & { type: "token" | "user" }) | (ActorFields & { type: "system"; system: SystemName });

const RANK: Record<Role, number> = { viewer: 0, staff: 1, admin: 2 };

/** viewer < staff < admin. */
export function hasRole(actor: Pick<Actor, "role">, minimum: Role): boolean {
  return RANK[actor.role] >= RANK[minimum];
}

/** The history's author: the tracking page's customer is its own kind ("customer"), never a system label alone. */
export function actorRef(actor: Actor) {
  const actorType = isCustomerActor(actor) ? ("customer" as const) : actor.type;
  return { actorType, actorId: actor.id, actorLabel: actor.label } as const;
}

/** The tracking page's customer (only lib/tracking's use-cases make this actor). */
export function isCustomerActor(actor: Actor): boolean {
  return actor.type === "system" && actor.system === "customer";
}

/**
 * A system actor of `instanceId`. The CLI and the worker act with the admin role (whoever runs them operates the
 * server); the customer of the tracking page acts as staff on their own document only. `label` defaults to the
 * system's name ("cli", "worker"), which is what the audit log and the history show.
 */
export function systemActor(system: SystemName, instanceId: number, label: string = system): Actor {
  return {
    type: "system",
    system,
    id: 0,
    label,
    instanceId,
    role: system === "customer" ? "staff" : system === "sign_in" ? "viewer" : "admin",
    userId: null,
  };
}
