// Contract of POST /api/tracking/upload (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { ZTrackingUploadAnswer } from "@/lib/tracking/answers.ts";
import { TRACKING_ADDRESS_LIMIT } from "@/lib/tracking/schemas.ts";

export const POST = defineContract({
  method: "POST",
  path: "/tracking/upload",
  tag: "Customer",
  summary: "The customer sends a requested file (query request_id, header X-Tracking-Token, multipart `file`)",
  description:
    "No authentication beyond the token, checked before the body is read (missing 400, not validly signed 404). A " +
    "whole PDF, JPEG, PNG, WebP or HEIC/HEIF judged by its content, whatever the declared type or name (else 415), " +
    "at most TRACKING_UPLOAD_MAX_BYTES (10 MB, else 413). The file fulfils the pending request: stored under a " +
    "generated name with its real type's extension, the customer's file name kept as sanitised display text; staff " +
    "see it on the document page and in its history, and only ever download it (never shown inline). A request " +
    "already fulfilled, or not this document's, answers 404.",
  auth: "none",
  addressRateLimit: TRACKING_ADDRESS_LIMIT,
  requestContentType: "multipart/form-data",
  response: ZTrackingUploadAnswer,
  answer: "{id, name, size}",
  errors: [400, 404, 413, 415, 429, 500],
});
