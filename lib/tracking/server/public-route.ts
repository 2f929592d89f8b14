import "server-only";
import { clientAddress } from "../../auth/server/client-address.ts";
import { answerChecksEnabled, checkAnswer } from "../../http/answer-check.ts";
import { toApiError } from "../../http/server/api-route.ts";
import { readJsonBody } from "../../http/body.ts";
import type { ApiContract, ContractParsedBody } from "../../http/contract.ts";
import { ApiError, errorResponse, fieldErrors } from "../../http/errors.ts";
import { enforceRateLimit } from "../../http/server/rate-limit.ts";
import { requestIdFrom } from "../../http/server/request-id.ts";
import { log } from "../../log.ts";

// The customer's routes (/api/tracking/*) have no staff credentials: this wrapper does what apiRoute does for the
// others — request id, a per-address brake, size-capped JSON + zod, the one error shape, one log line — without
// authentication (the body carries the protocol + identifier or a signed token).

const REQUESTS_PER_MINUTE = 60;

type PublicContext<C extends ApiContract> = {
  body: ContractParsedBody<C>;
  request: Request;
  requestId: string;
  address: string | null;
};

export function publicRoute<C extends ApiContract>(
  contract: C,
  handler: (context: PublicContext<C>) => Promise<unknown>,
) {
  const path = `/api${contract.path}`;
  return async (request: Request): Promise<Response> => {
    const requestId = requestIdFrom(request);
    const started = performance.now();
    const address = clientAddress(request.headers);
    let status = 200;
    try {
      enforceRateLimit(`tracking:${address ?? "unknown"}`, REQUESTS_PER_MINUTE);
      let body: unknown;
      if (contract.request) {
        const parsed = contract.request.safeParse(await readJsonBody(request, 16_384));
        if (!parsed.success) {
          throw new ApiError("BadRequest", "Invalid parameters", { errors: fieldErrors(parsed.error.issues) });
        }
        body = parsed.data;
      }
      const result = await handler({ body: body as ContractParsedBody<C>, request, requestId, address });
      const response = Response.json(result, { headers: { "x-request-id": requestId, "cache-control": "no-store" } });
      if (answerChecksEnabled()) await checkAnswer(contract, response);
      return response;
    } catch (error) {
      const apiError = toApiError(error, requestId, path);
      status = apiError.status;
      return errorResponse(apiError, requestId);
    } finally {
      log.info("api.request", {
        request_id: requestId,
        method: contract.method,
        path,
        status,
        actor: "customer",
        ms: Math.round(performance.now() - started),
      });
    }
  };
}
