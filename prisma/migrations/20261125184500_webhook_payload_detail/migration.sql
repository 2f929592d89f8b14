-- Webhook payload detail per endpoint (issue 20): endpoints saved before the option keep the full document they were
-- receiving, new endpoints default to "minimal" (lib/webhooks/payload-detail.ts).
ALTER TABLE "WebhookEndpoint" ADD COLUMN "payload" TEXT NOT NULL DEFAULT 'full';
ALTER TABLE "WebhookEndpoint" ALTER COLUMN "payload" SET DEFAULT 'minimal';
