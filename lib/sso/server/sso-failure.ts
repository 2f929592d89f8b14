import "server-only";
import type { SsoError } from "../schemas.ts";

/** A refused single sign-on: the code the sign-in page shows; the reason stays in the trail and the log. */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoError,
    readonly reason: string,
  ) {
    super(`Single sign-on refused: ${reason}`);
    this.name = "SsoFailure";
  }
}
