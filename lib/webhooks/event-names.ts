// The webhook event names, alone in a module so the browser (APIs → Webhooks form) can import them.
export const WEBHOOK_EVENTS = [
  "document.created",
  "document.updated",
  "document.status_changed",
  "attachment.received",
  "lgpd.request.completed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
