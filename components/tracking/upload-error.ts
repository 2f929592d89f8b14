import { TrackingError } from "@/lib/api-client/tracking.ts";

/** The message key of a failed upload or reply, by the answer's status. */
export function uploadErrorKey(cause: unknown) {
  const status = cause instanceof TrackingError ? cause.status : 0;
  if (status === 413) return "fileTooLarge" as const;
  if (status === 415) return "fileType" as const;
  if (status === 429) return "quota" as const;
  return "uploadError" as const;
}
