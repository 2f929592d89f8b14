// Contract of POST /api/tracking/upload (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZTrackingUploadAnswer } from "@/lib/tracking/answers.ts";
import { TRACKING_ADDRESS_LIMIT, trackingUploadQuerySchema } from "@/lib/tracking/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/tracking/upload",
  tag: "Customer",
  summary:
    "The customer sends a file: a requested one (query request_id) or one of their own (no request_id); header X-Tracking-Token, multipart `file`",
  description:
    "No authentication beyond the token, checked before the body is read (missing 400, not validly signed 404). A " +
    "whole PDF, JPEG, PNG, WebP or HEIC/HEIF judged by its content, whatever the declared type or name (else 415), " +
    "at most TRACKING_UPLOAD_MAX_BYTES (10 MB, else 413). With `request_id` the file fulfils that pending request " +
    "(one already fulfilled, or not this document's, answers 404); without it the file is the customer's own, at " +
    "most 10 an hour per document (then 429 with Retry-After). Stored under a generated name with its real type's " +
    "extension, the customer's file name kept as sanitised display text; credited to the customer; staff see it on " +
    "the document page and in its history, and only ever download it (never shown inline).",
  auth: "none",
  addressRateLimit: TRACKING_ADDRESS_LIMIT,
  requestContentType: "multipart/form-data",
  query: trackingUploadQuerySchema,
  response: ZTrackingUploadAnswer,
  answer: "{id, name, size}",
  errors: [400, 403, 404, 413, 415, 429, 500],
});
