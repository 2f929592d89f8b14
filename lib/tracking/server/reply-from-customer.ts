import "server-only";
import type { CustomerContext } from "../../auth/use-case-context.ts";
import { getDb } from "../../db/client.ts";
import { addObservation } from "../../documents/server/add-observation.ts";
import { TRACKING_CUSTOMER_LIMITS } from "../schemas.ts";
import { nudgeOutbox } from "../../outbox/nudge.ts";
import { moveOnCustomerReply } from "./customer-activity.ts";
import { assertCustomerQuota } from "./upload-customer-file.ts";
import { customerActor, documentForToken } from "./view.ts";

/**
 * The customer's short reply from the tracking page, without any request from the team: a customer-visible note
 * (origin "client", the original service's word for notes from the customer) credited to the customer in the
 * document's history, so staff see it on the document page as new activity. At most
 * TRACKING_CUSTOMER_LIMITS.repliesPerHour an hour per document; the text is capped by the schema (2,000 characters).
 */
export async function replyFromCustomer(ctx: CustomerContext, input: { token: string; text: string }) {
  const document = await documentForToken(input.token, { write: true });
  const db = await getDb();
  const hourAgo = new Date(Date.now() - 3_600_000);
  const recent = await db.observation.findMany({
    where: { documentId: document.id, byCustomer: true, createdAt: { gt: hourAgo } },
    select: { createdAt: true },
  });
  assertCustomerQuota(
    recent.map((o) => o.createdAt),
    TRACKING_CUSTOMER_LIMITS.repliesPerHour,
  );
  const note = await addObservation(
    { actor: customerActor(document.instanceId), requestId: ctx.requestId },
    { documentId: document.id, text: input.text, visibility: "customer", origin: "client" },
  );
  await moveOnCustomerReply(ctx, { instanceId: document.instanceId, documentId: document.id });
  nudgeOutbox(); // the staff's e-mails
  return { id: note.id, created_at: note.created_at };
}
