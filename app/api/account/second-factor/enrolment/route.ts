// POST /api/account/second-factor/enrolment — body `{}`: a new TOTP secret and its QR code. Auth: a browser session.
import { startFactorEnrolment } from "@/lib/account/server/start-factor-enrolment.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => startFactorEnrolment(ctx));
