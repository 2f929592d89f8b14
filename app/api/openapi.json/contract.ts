// Contract of GET /api/openapi.json (see lib/http/contract.ts).
import { ZOpenApiDocument } from "@/lib/api-docs/answers.ts";
import { defineContract } from "@/lib/http/contract.ts";

export const GET = defineContract({
  method: "GET",
  path: "/openapi.json",
  tag: "Reference",
  summary: "This API reference as OpenAPI 3.1",
  auth: "none",
  response: ZOpenApiDocument,
  answer: "The OpenAPI document.",
});
