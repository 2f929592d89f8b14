// GET /api/openapi.json's answer: an OpenAPI 3.1 document (its inside is OpenAPI's own schema, not restated here).
import { z } from "zod";

export const ZOpenApiDocument = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.record(z.string(), z.unknown()),
});
