// GET /api/lgpd/<instance>/summary/<cpf> — the simplified, immediate answer (counts and dates). Auth: x-api-key.
import "@/lib/lgpd/server/http-dialect.ts"; // registers the LGPD API's dialect of apiRoute
import { apiRoute } from "@/lib/http/server/api-route.ts";
import { summarizeSubject } from "@/lib/lgpd/server/summarize-subject.ts";
import * as contract from "./contract.ts";

export const GET = apiRoute(contract.GET, async (ctx) => {
  const summary = await summarizeSubject(ctx, { digits: ctx.params.cpf.replace(/\D/g, "") });
  if (!summary) return { message: "No data", status: "not_found" };
  return { message: "Data found", status: "found", summary };
});
