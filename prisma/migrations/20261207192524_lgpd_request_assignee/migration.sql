-- AlterTable
ALTER TABLE "LgpdAccessRequest" ADD COLUMN     "assigneeId" INTEGER;

-- AlterTable
ALTER TABLE "LgpdRequest" ADD COLUMN     "assigneeId" INTEGER;

-- CreateIndex
CREATE INDEX "LgpdAccessRequest_assigneeId_idx" ON "LgpdAccessRequest"("assigneeId");

-- CreateIndex
CREATE INDEX "LgpdRequest_assigneeId_idx" ON "LgpdRequest"("assigneeId");

-- AddForeignKey
ALTER TABLE "LgpdRequest" ADD CONSTRAINT "LgpdRequest_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LgpdAccessRequest" ADD CONSTRAINT "LgpdAccessRequest_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
