// Contract of POST /api/documents/{id}/observations (see lib/http/contract.ts).
import { ZObservation } from "@/lib/documents/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";
import { createObservationSchema } from "@/lib/documents/schemas.ts";
import { documentIdParam } from "@/lib/http/path-params.ts";
export const POST = defineContract({
  method: "POST",
  path: "/documents/{id}/observations",
  tag: "Staff",
  summary: "Add an observation, internal or addressed to the customer",
  auth: "bearer",
  params: { id: documentIdParam },
  role: "staff",
  request: createObservationSchema,
  response: ZObservation,
  answer: "The observation.",
  errors: [400, 401, 403, 404],
});
