// POST /api/account/second-factor/enrolment/confirm — `{code}`: the factor is on; ten recovery codes, once.
import { confirmFactorEnrolment } from "@/lib/account/server/confirm-factor-enrolment.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => confirmFactorEnrolment(ctx, ctx.body));
