-- CreateIndex
CREATE INDEX "Document_instanceId_dateFinished_idx" ON "Document"("instanceId", "dateFinished");
