// GET /api/openapi.json — the API reference (OpenAPI 3.1), generated from the routes' own zod schemas. Public.
import { defaultOpenApi } from "@/lib/api-docs/openapi.ts";

export const dynamic = "force-static";

export function GET() {
  return Response.json(defaultOpenApi());
}
