// Contract of GET /api/tracking/logo/{instance} (see lib/http/contract.ts).
import { defineContract } from "@/lib/http/contract.ts";
import { idParam } from "@/lib/http/path-params.ts";
import { TRACKING_ADDRESS_LIMIT } from "@/lib/tracking/schemas.ts";

export const GET = defineContract({
  method: "GET",
  path: "/tracking/logo/{instance}",
  tag: "Customer",
  summary: "The company's logo shown on the tracking page (public: a logo is no secret)",
  description:
    "No authentication. The image an admin uploaded (PNG, JPEG or WebP, judged by content), served with its sniffed " +
    "type, X-Content-Type-Options: nosniff and a day's cache (the page's URL carries the image's hash). 404 when none.",
  auth: "none",
  addressRateLimit: TRACKING_ADDRESS_LIMIT,
  params: { instance: idParam("No logo") },
  responseContentType: "image/png",
  answer: "the image (image/png, image/jpeg or image/webp)",
  errors: [404, 429, 500],
});
