-- The staff list's default order, "mais urgentes primeiro" (issue 21, lib/documents/server/search.ts sort "urgency"):
-- open documents, then paused, then finished, each by deadline (none last), then id. The expression index holds that
-- order within an instance, so the first page is read from its start instead of sorting every matching document.
-- Prisma does not model expression indexes and leaves this one alone.
-- No semicolon may appear inside a statement or comment here: @prisma/adapter-pg runs scripts split at each one.
CREATE INDEX "Document_urgency_idx" ON "Document" (
  "instanceId", (("dateFinished" IS NOT NULL)), (("pausedAt" IS NOT NULL)), "slaEnd", "id");
