-- DropIndex
DROP INDEX "AuditLog_instanceId_createdAt_idx";

-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "documentId" INTEGER,
ADD COLUMN     "reason" TEXT,
ADD COLUMN     "subjectHash" TEXT;

-- CreateIndex
CREATE INDEX "AuditLog_instanceId_createdAt_id_idx" ON "AuditLog"("instanceId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_instanceId_actorLabel_createdAt_id_idx" ON "AuditLog"("instanceId", "actorLabel", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_instanceId_actorLabel_action_createdAt_id_idx" ON "AuditLog"("instanceId", "actorLabel", "action", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_instanceId_action_createdAt_id_idx" ON "AuditLog"("instanceId", "action", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_instanceId_documentId_createdAt_id_idx" ON "AuditLog"("instanceId", "documentId", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "AuditLog_instanceId_subjectHash_createdAt_id_idx" ON "AuditLog"("instanceId", "subjectHash", "createdAt" DESC, "id" DESC);
