// What a customer's reply or file from the tracking page sets off on the staff side, in the transaction that stores
// it: the case is marked as waiting for staff (the queue's "Cliente respondeu", its sort by the customer's last
// activity, the header's count), its updated_at moves, and the staff who follow it get an e-mail when they asked for
// one. A staff member opening or answering the case clears the mark.
import "server-only";
import type { Tx } from "../../db/transaction.ts";
import { getDb } from "../../db/client.ts";
import { publicAppUrl } from "../../outbox/config.ts";

/**
 * In the transaction of the customer's note or file: marks the document and queues the e-mails of the staff who asked
 * for them — the assignee, or (unassigned) everyone who follows unassigned cases. The e-mail names the protocol and
 * links the staff page; it carries nothing the customer wrote (it leaves the instance's records for a mailbox).
 */
export async function noteCustomerActivity(tx: Tx, input: { instanceId: number; documentId: number; now?: Date }) {
  const now = input.now ?? new Date();
  const document = await tx.document.update({
    where: { id: input.documentId, instanceId: input.instanceId },
    data: { customerActivityAt: now, customerUnread: true },
    select: { id: true, protocol: true, userId: true },
  });
  const recipients = await tx.user.findMany({
    where: {
      instanceId: input.instanceId,
      disabled: false,
      integration: false,
      notifyByEmail: true,
      role: { in: ["staff", "admin"] },
      ...(document.userId !== null ? { id: document.userId } : { notifyUnassigned: true }),
    },
    select: { email: true },
  });
  if (!recipients.length) return;
  await tx.outboxMessage.createMany({
    data: recipients.map((user) => ({
      instanceId: input.instanceId,
      documentId: null,
      channel: "email" as const,
      recipient: user.email,
      subject: `Cliente respondeu: protocolo ${document.protocol}`,
      body: [
        `O cliente enviou uma resposta ou um arquivo no protocolo ${document.protocol}.`,
        "",
        `Abra o caso: ${publicAppUrl()}/documents/${document.id}`,
      ].join("\n"),
      notBefore: now,
      createdAt: now,
    })),
  });
}

/** A staff member opened or answered the case (updated_at stays when only the mark changes). */
export async function markCustomerActivitySeen(
  client: Pick<Tx, "$executeRaw"> | null,
  input: { instanceId: number; documentId: number },
): Promise<void> {
  const db = client ?? (await getDb());
  await db.$executeRaw`UPDATE "Document" SET "customerUnread" = false
    WHERE "id" = ${input.documentId}::int AND "instanceId" = ${input.instanceId}::int AND "customerUnread"`;
}
