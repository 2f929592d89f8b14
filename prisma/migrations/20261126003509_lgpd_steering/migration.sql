-- AlterTable
ALTER TABLE "Instance" ADD COLUMN     "lgpdDeletionReview" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "LgpdAccessRequest" ADD COLUMN     "channel" TEXT,
ADD COLUMN     "note" TEXT,
ADD COLUMN     "receivedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "LgpdRequest" ADD COLUMN     "channel" TEXT,
ADD COLUMN     "note" TEXT,
ADD COLUMN     "receivedAt" TIMESTAMPTZ(3),
ADD COLUMN     "review" TEXT,
ADD COLUMN     "reviewReason" TEXT,
ADD COLUMN     "reviewedAt" TIMESTAMPTZ(3),
ADD COLUMN     "reviewedById" INTEGER;

-- CreateTable
CREATE TABLE "LgpdLegalHold" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "productId" INTEGER,
    "statusId" INTEGER,
    "basis" TEXT NOT NULL,
    "periodYears" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" INTEGER,

    CONSTRAINT "LgpdLegalHold_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LgpdLegalHold_instanceId_idx" ON "LgpdLegalHold"("instanceId");

-- AddForeignKey
ALTER TABLE "LgpdLegalHold" ADD CONSTRAINT "LgpdLegalHold_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
