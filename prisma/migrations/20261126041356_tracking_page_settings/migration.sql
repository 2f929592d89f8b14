-- CreateTable
CREATE TABLE "TrackingPageSettings" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "companyName" TEXT,
    "helpEmail" TEXT,
    "helpPhone" TEXT,
    "helpWhatsapp" TEXT,
    "privacyUrl" TEXT,
    "logo" BYTEA,
    "logoMediaType" TEXT,
    "logoSha256" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "TrackingPageSettings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TrackingPageSettings_instanceId_key" ON "TrackingPageSettings"("instanceId");

-- AddForeignKey
ALTER TABLE "TrackingPageSettings" ADD CONSTRAINT "TrackingPageSettings_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
