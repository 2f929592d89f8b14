-- AlterTable
ALTER TABLE "LgpdAccessRequest" ADD COLUMN     "documentIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- CreateIndex
CREATE INDEX "LgpdAccessRequest_documentIds_idx" ON "LgpdAccessRequest" USING GIN ("documentIds");
