-- CreateTable
CREATE TABLE "LgpdAccessRequest" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "cpfHash" TEXT NOT NULL,
    "cpfMasked" TEXT NOT NULL,
    "cpfPending" TEXT,
    "pendingKey" TEXT,
    "status" "LgpdRequestStatus" NOT NULL DEFAULT 'pending',
    "source" TEXT NOT NULL DEFAULT 'api',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "notBefore" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMPTZ(3),
    "lastError" TEXT,
    "details" JSONB,
    "requestedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMPTZ(3),
    "requestedById" INTEGER,
    "expiresAt" TIMESTAMPTZ(3),
    "packageCipher" BYTEA,
    "packageSize" INTEGER,
    "packageDeletedAt" TIMESTAMPTZ(3),
    "downloads" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "LgpdAccessRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LgpdAccessRequest_instanceId_cpfHash_requestedAt_idx" ON "LgpdAccessRequest"("instanceId", "cpfHash", "requestedAt");

-- CreateIndex
CREATE INDEX "LgpdAccessRequest_status_notBefore_idx" ON "LgpdAccessRequest"("status", "notBefore");

-- CreateIndex
CREATE INDEX "LgpdAccessRequest_expiresAt_idx" ON "LgpdAccessRequest"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "LgpdAccessRequest_instanceId_pendingKey_key" ON "LgpdAccessRequest"("instanceId", "pendingKey");

-- AddForeignKey
ALTER TABLE "LgpdAccessRequest" ADD CONSTRAINT "LgpdAccessRequest_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
