-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "customerActivityAt" TIMESTAMPTZ(3),
ADD COLUMN     "customerUnread" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Status" ADD COLUMN     "replyStatusId" INTEGER;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "notifyByEmail" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "notifyUnassigned" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Document_instanceId_customerActivityAt_idx" ON "Document"("instanceId", "customerActivityAt");

-- AddForeignKey
ALTER TABLE "Status" ADD CONSTRAINT "Status_replyStatusId_fkey" FOREIGN KEY ("replyStatusId") REFERENCES "Status"("id") ON DELETE SET NULL ON UPDATE CASCADE;
