import type { Actor } from "./actor.ts";

/**
 * What every use-case takes first — `useCase(ctx, input)`: who acts (always inside one instance) and the request it
 * serves, for log lines and history (absent for the CLI and the worker, which act with a `systemActor`). An apiRoute
 * handler's context is one already (it has both), so a route may hand it on as it is.
 */
export type UseCaseContext = { actor: Actor; requestId?: string };

/**
 * What a use-case of the customer's tracking page takes first: no actor (the customer is known only by what they
 * present — a protocol and identifier, or a signed token), the client's address (null when unknown) that its brakes
 * count by, and the request id. An auth "none" apiRoute handler's context is one already.
 */
export type CustomerContext = { address: string | null; requestId?: string };

/**
 * What a sign-in use-case takes first: nobody is known yet; the client's address (null when unknown) is what the
 * sign-in throttle counts by. An auth "none" apiRoute handler's context is one already.
 */
export type SignInContext = { address: string | null; requestId?: string };
