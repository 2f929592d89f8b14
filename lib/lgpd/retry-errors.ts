// Messages of the retry route that the page turns into its own wording (shared by server and browser).
export const RETRY_ERRORS = {
  invalidCpf: "Invalid CPF",
  cpfMismatch: "The CPF does not match this request",
  notRetryable: "Only requests with status error can be retried",
  /** Followed by ` #<id>`. */
  pendingExists: "A pending request for this CPF already exists:",
} as const;
