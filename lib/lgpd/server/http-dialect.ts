// The LGPD API's dialect of apiRoute (`auth: "lgpdKey"` contracts), registered with lib/http's registry: the
// instance's key in x-api-key with its brake, the original service's bodies for its errors and idempotency refusals,
// and its own log line (the route's name, never the path: it may hold a CPF). Each LGPD API route imports this module.
import "server-only";
import { systemActor } from "../../auth/actor.ts";
import type { IdempotencyDialect } from "../../http/server/idempotent-route.ts";
import { registerAuthDialect } from "../../http/server/auth-dialects.ts";
import { log } from "../../log.ts";
import {
  admitLgpdCaller,
  invalidCpf,
  LGPD_BODIES,
  lgpdErrorResponse,
  LgpdHttpError,
  lgpdRouteName,
  readLgpdJson,
  safeDecode,
} from "./http.ts";

/** The LGPD API's idempotency refusals in its own bodies; its answers carry no replay header. */
const LGPD_IDEMPOTENCY: IdempotencyDialect = {
  errors: {
    invalidKey: () => new LgpdHttpError(400, LGPD_BODIES.invalidIdempotencyKey),
    reusedKey: () => new LgpdHttpError(409, LGPD_BODIES.reusedIdempotencyKey),
  },
  respond: (result) => Response.json(result.body, { status: result.status }),
};

/** The instance slug of an /api/lgpd/<instance>/… path, decoded, for the log line. */
const instanceOf = (path: string) => safeDecode(path.split("/")[3] ?? "").slice(0, 100);

registerAuthDialect("lgpdKey", (contract) => {
  const route = lgpdRouteName(contract.path);
  return {
    identify: async (request, params) => {
      const { instanceId } = await admitLgpdCaller(request, params.instance ?? "");
      return {
        label: "lgpd-key",
        context: { instanceId, actor: systemActor("lgpd_api", instanceId, "API LGPD") },
        idempotencyOwner: { instanceId, credential: "lgpd" },
        admit: () => {},
      };
    },
    idempotency: LGPD_IDEMPOTENCY,
    readBody: async (request) => {
      const parsed = contract.request!.safeParse(await readLgpdJson(request));
      if (!parsed.success) throw invalidCpf();
      return parsed.data;
    },
    errorResponse: (error, requestId) => lgpdErrorResponse(error, requestId, route),
    logRequest: ({ requestId, method, path, status, ms }) =>
      log.info("lgpd.api", { request_id: requestId, route, method, instance: instanceOf(path), status, ms }),
  };
});
