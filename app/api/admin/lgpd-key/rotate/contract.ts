// Contract of POST /api/admin/lgpd-key/rotate (see lib/http/contract.ts).
import { ZRotatedLgpdKey } from "@/lib/apis/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { z } from "zod";

export const POST = defineContract({
  method: "POST",
  path: "/admin/lgpd-key/rotate",
  tag: "Admin",
  summary: "Generate or rotate the LGPD key (shown once); the old key may keep working for overlap_hours",
  description:
    "overlap_hours (0–168, default 0 = the old key stops at once): the replaced key keeps working beside the new one " +
    "until previous_valid_until, so the systems that call the LGPD API can switch without an outage.",
  auth: "bearer",
  role: "admin",
  request: z.strictObject({ overlap_hours: z.int().min(0).max(168).optional() }),
  response: ZRotatedLgpdKey,
  answer: "{key, last_chars, …}: the key is shown this once and stored hashed.",
  errors: [400, 401, 403],
});
