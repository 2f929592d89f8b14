// Contract of DELETE /api/admin/settings/users/{id}/sessions/{sessionId} (see lib/http/contract.ts).
import { z } from "zod";
import { ZOkAnswer } from "@/lib/auth/schemas.ts";
import { notFound } from "@/lib/errors/app-error.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { idParam, pathParam } from "@/lib/http/path-params.ts";

export const DELETE = defineContract({
  method: "DELETE",
  path: "/admin/settings/users/{id}/sessions/{sessionId}",
  tag: "Admin",
  summary: "End one session of a user at once",
  auth: "bearer",
  params: {
    id: idParam(),
    sessionId: pathParam(z.string().regex(/^[0-9a-f]{64}$/), () => notFound("Session not found")),
  },
  role: "admin",
  response: ZOkAnswer,
  answer: '{"status":"ok"}; the session\'s cookie stops working on every server.',
  errors: [401, 403, 404],
});
