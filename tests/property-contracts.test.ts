// The PROPERTY_RUNS generated bodies per public route (CI: 10000) go in-process through the code that
// refuses them — each route's contract validation (parseRequestBody, the apiRoute step) or the LGPD routes' parsing —
// and the error mapping the wrapper answers with (toApiError + errorResponse; LgpdHttpError's exact bodies). Every
// refusal: not a 5xx, JSON, the route's error shape. No database and no server: what a refusal does to the database,
// and the handlers behind validation, are checked over HTTP with fewer bodies (tests/property-api.http.test.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { POST as authToken } from "@/app/api/auth/token/contract.ts";
import { POST as documentCreate } from "@/app/api/document/create/contract.ts";
import { POST as documentLoadByCpf } from "@/app/api/document/loadByCPF/contract.ts";
import { POST as documentLoadById } from "@/app/api/document/loadById/contract.ts";
import { POST as documentUpdateById } from "@/app/api/document/updateById/contract.ts";
import { POST as modalityLoadAll } from "@/app/api/modality/loadAll/contract.ts";
import { POST as productLoadAll } from "@/app/api/product/loadAll/contract.ts";
import { POST as statusLoadAll } from "@/app/api/status/loadAll/contract.ts";
import { POST as webhookCreate } from "@/app/api/admin/webhooks/contract.ts";
import { PATCH as webhookUpdate } from "@/app/api/admin/webhooks/[id]/contract.ts";
import type { ApiContract } from "@/lib/http/contract.ts";
import { errorResponse } from "@/lib/http/errors.ts";
import { parseRequestBody, toApiError } from "@/lib/http/server/api-route.ts";
import { deletionRequestSchema, lgpdStatusCpfSchema } from "@/lib/lgpd/schemas.ts";
import { invalidCpf, LGPD_BODIES, LgpdHttpError, readLgpdJson, safeDecode } from "@/lib/lgpd/server/http.ts";
import {
  checkAnswer,
  describeRequest,
  PROPERTY_ROUTE_NAMES,
  PROPERTY_RUNS,
  PROPERTY_SEED,
  propertyRoute,
  type Answer,
  type GeneratedRequest,
  type PropertyRouteName,
} from "./helpers/property-requests.ts";

const CONTRACTS: Record<Exclude<PropertyRouteName, "lgpd request" | "lgpd status">, ApiContract> = {
  "document/create": documentCreate,
  "document/updateById": documentUpdateById,
  "document/loadById": documentLoadById,
  "document/loadByCPF": documentLoadByCpf,
  "product/loadAll": productLoadAll,
  "status/loadAll": statusLoadAll,
  "modality/loadAll": modalityLoadAll,
  "auth/token": authToken,
  "admin/webhooks": webhookCreate,
  "admin/webhooks/{id}": webhookUpdate,
};

// Any values: validation never looks them up (the HTTP run uses real ones).
const TARGETS = {
  statusIds: [1, 2, 3],
  productId: 1,
  documentId: 1,
  tokens: { staff: "dft_staff", viewer: "dft_viewer", admin: "dft_admin" },
  webhookId: 1,
  lgpdRequests: { slug: "prop-request", key: "key" },
  lgpdStatus: { slug: "prop-status", key: "key" },
};

const REQUEST_ID = "property-contracts";

function toRequest(generated: GeneratedRequest): Request {
  return new Request(`http://127.0.0.1${generated.path}`, {
    method: generated.method,
    headers: generated.headers,
    body: generated.body,
  });
}

async function answerOf(response: Response, generated: GeneratedRequest): Promise<Answer> {
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text: await response.text(),
    request: describeRequest(generated),
  };
}

/** The refusal the route's wrapper would answer, or null when validation accepts the request. */
async function refusalOf(name: PropertyRouteName, generated: GeneratedRequest): Promise<Answer | null> {
  const request = toRequest(generated);
  if (name === "lgpd request" || name === "lgpd status") {
    try {
      const parsed =
        name === "lgpd request"
          ? deletionRequestSchema.safeParse(await readLgpdJson(request))
          : lgpdStatusCpfSchema.safeParse(safeDecode(generated.path.split("/status/")[1] ?? ""));
      if (!parsed.success) throw invalidCpf();
      return null;
    } catch (error) {
      // The LGPD mapping of apiRoute (lgpdErrorResponse): an LgpdHttpError answers its exact body; anything else is a 500 (which fails the check).
      const { status, body } = error instanceof LgpdHttpError ? error : { status: 500, body: LGPD_BODIES.unexpected };
      return answerOf(Response.json(body, { status }), generated);
    }
  }
  try {
    await parseRequestBody(CONTRACTS[name], request);
    return null;
  } catch (error) {
    return answerOf(errorResponse(toApiError(error, REQUEST_ID, generated.path), REQUEST_ID), generated);
  }
}

describe(`generated requests in-process (${PROPERTY_RUNS} per route, seed ${PROPERTY_SEED})`, () => {
  it.each(PROPERTY_ROUTE_NAMES)(
    "%s: every refusal is under 500, JSON, in the route's error shape",
    async (name) => {
      const route = propertyRoute(name, TARGETS);
      const requests = fc.sample(route.requests, { numRuns: PROPERTY_RUNS, seed: PROPERTY_SEED });
      let refused = 0;
      for (const generated of requests) {
        const refusal = await refusalOf(name, generated);
        if (!refusal) continue;
        checkAnswer(refusal, route.shape);
        refused++;
      }
      expect(requests).toHaveLength(PROPERTY_RUNS);
      // Most generated bodies are refused (the loadAll routes accept any object).
      if (!name.endsWith("loadAll")) expect(refused, name).toBeGreaterThan(PROPERTY_RUNS / 5);
    },
    Math.max(60_000, PROPERTY_RUNS * 20),
  );
});
