// Messages of the retry and reopen routes that the page turns into its own wording (shared by server and browser).
export const RETRY_ERRORS = {
  invalidCpf: "Invalid CPF",
  cpfMismatch: "The CPF does not match this request",
  notRetryable: "Only requests with status error can be retried",
  /** A deletion the officer denied is a decision, not a failure: only reopening it (reopen-deletion.ts) undoes it. */
  deniedFinal: "A denied deletion cannot be retried; reopen the decision instead",
  /** Followed by ` #<id>`. */
  pendingExists: "A pending request for this CPF already exists:",
} as const;
