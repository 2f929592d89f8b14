import "server-only";
import { listApiTokens } from "../../auth/server/api-tokens.ts";
import { flushUnmaskedReads } from "../../auth/server/unmasked-reads.ts";
import type { UseCaseContext } from "../../auth/use-case-context.ts";
import { serializeApiToken } from "./api-token-rows.ts";

export async function listInstanceApiTokens(ctx: UseCaseContext) {
  const { instanceId } = ctx.actor;
  await flushUnmaskedReads(); // this server's latest counts (others' arrive within their flush interval)
  const now = new Date();
  return (await listApiTokens(instanceId)).map((row) => serializeApiToken(row, now));
}
