-- "Meus documentos" / "Sem responsável" / a person's queue (issue 21, filter assignee in
-- lib/documents/server/search.ts): one responsible user's documents (or the unassigned ones: userId IS NULL) in the
-- list's default order, "mais urgentes primeiro", read from the start of this index instead of sorting them all.
-- Prisma does not model expression indexes and leaves this one alone.
-- No semicolon may appear inside a statement or comment here: @prisma/adapter-pg runs scripts split at each one.
CREATE INDEX "Document_assignee_urgency_idx" ON "Document" (
  "instanceId", "userId", (("dateFinished" IS NOT NULL)), (("pausedAt" IS NOT NULL)), "slaEnd", "id");
