// The tracking page's calls (no staff session): lookup, view by token, upload. Errors carry the HTTP status.
import type { TrackingView } from "../tracking/answers.ts";

export type { TrackingView };

export class TrackingError extends Error {
  constructor(
    readonly status: number,
    /** The answer's `code` (e.g. tracking_use_email_link), when it had one. */
    readonly code: string | null = null,
  ) {
    super(`HTTP ${status}`);
  }
}

async function post<T>(path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`/api/tracking/${path}`, { method: "POST", ...init });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
    throw new TrackingError(response.status, typeof body?.code === "string" ? body.code : null);
  }
  return (await response.json()) as T;
}

const json = (body: unknown): RequestInit => ({
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

export const lookupTracking = (protocol: string, identifier: string) =>
  post<{ token: string; view: TrackingView }>("lookup", json({ protocol, identifier }));

export const loadTracking = (token: string) => post<TrackingView>("view", json({ token }));

/** A requested file (`requestId`) or one the customer sends on their own (null). */
export function uploadTrackingFile(token: string, requestId: number | null, file: File) {
  const form = new FormData();
  form.append("file", file);
  return post<{ id: number; name: string; size: number }>(requestId ? `upload?request_id=${requestId}` : "upload", {
    headers: { "x-tracking-token": token },
    body: form,
  });
}

export const replyTracking = (token: string, text: string) =>
  post<{ id: number; created_at: string }>("reply", json({ token, text }));
