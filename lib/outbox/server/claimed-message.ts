// An outbox message as its queues claim it, and what sending it came to: shared by the e-mail queue (email-queue.ts)
// and the webhook delivery queue (lib/webhooks/server/delivery-queue.ts), which read the same table.
import "server-only";
export type ClaimedMessage = {
  id: number;
  instanceId: number;
  channel: "email" | "webhook";
  endpointId: number | null;
  createdAt: Date;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
  sendingSince: Date | null;
};

export type MessageOutcome =
  | { id: number; outcome: "sent" }
  | { id: number; outcome: "retry"; attempts: number; error: string }
  | { id: number; outcome: "failed"; attempts: number; error: string }
  | { id: number; outcome: "lost" };
