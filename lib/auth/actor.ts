import type { Role } from "./roles.ts";

/** Who is calling: a document-API token or a signed-in staff user, always inside one instance. */
export type Actor = {
  type: "token" | "user";
  id: number;
  /** For history and audit lines: the token's name or the user's e-mail. */
  label: string;
  instanceId: number;
  role: Role;
  /** The staff user behind the call (a user session, or a token from POST /api/auth/token). */
  userId: number | null;
};

const RANK: Record<Role, number> = { viewer: 0, staff: 1, admin: 2 };

/** viewer < staff < admin. */
export function hasRole(actor: Pick<Actor, "role">, minimum: Role): boolean {
  return RANK[actor.role] >= RANK[minimum];
}

export function actorRef(actor: Actor) {
  return { actorType: actor.type, actorId: actor.id, actorLabel: actor.label } as const;
}
