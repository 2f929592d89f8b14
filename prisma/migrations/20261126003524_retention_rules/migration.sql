-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "anonymisedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "RetentionRule" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "productId" INTEGER,
    "categoryId" INTEGER NOT NULL,
    "days" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'inactive',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "notBefore" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "activatedAt" TIMESTAMPTZ(3),

    CONSTRAINT "RetentionRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RetentionRun" (
    "id" SERIAL NOT NULL,
    "ruleId" INTEGER NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL,
    "finishedAt" TIMESTAMPTZ(3) NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "remaining" INTEGER NOT NULL DEFAULT 0,
    "capped" BOOLEAN NOT NULL DEFAULT false,
    "error" TEXT,

    CONSTRAINT "RetentionRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RetentionRule_status_notBefore_idx" ON "RetentionRule"("status", "notBefore");

-- CreateIndex
CREATE INDEX "RetentionRule_instanceId_idx" ON "RetentionRule"("instanceId");

-- CreateIndex
CREATE INDEX "RetentionRun_ruleId_startedAt_idx" ON "RetentionRun"("ruleId", "startedAt");

-- AddForeignKey
ALTER TABLE "RetentionRule" ADD CONSTRAINT "RetentionRule_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RetentionRun" ADD CONSTRAINT "RetentionRun_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "RetentionRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;
