// An outbox message as the processor claims it, and what sending it came to: shared by the processor (processor.ts)
// and the channel senders it hands messages to (lib/webhooks/server/delivery-queue.ts; e-mail in email-queue.ts).
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
