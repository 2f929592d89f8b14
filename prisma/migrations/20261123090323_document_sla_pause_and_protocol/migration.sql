-- DropIndex
DROP INDEX "Document_protocol_key";

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "pausedHours" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "Document_instanceId_protocol_key" ON "Document"("instanceId", "protocol");
