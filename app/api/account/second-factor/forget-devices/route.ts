// POST /api/account/second-factor/forget-devices — body `{}`: remembered browsers ask for the code again.
import { forgetRememberedDevices } from "@/lib/account/server/forget-remembered-devices.ts";
import { apiRoute } from "@/lib/http/server/api-route.ts";
import * as contract from "./contract.ts";

export const POST = apiRoute(contract.POST, async (ctx) => forgetRememberedDevices(ctx));
