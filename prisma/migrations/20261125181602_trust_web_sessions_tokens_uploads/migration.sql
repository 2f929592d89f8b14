-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "clearPersonalData" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "unmaskedReads" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Attachment" ADD COLUMN     "storedName" TEXT;

-- CreateTable
CREATE TABLE "StaffSession" (
    "idHash" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "StaffSession_pkey" PRIMARY KEY ("idHash")
);

-- CreateIndex
CREATE INDEX "StaffSession_userId_createdAt_idx" ON "StaffSession"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "StaffSession" ADD CONSTRAINT "StaffSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Existing integration tokens (kind api, staff or admin) read clear data today, and they keep it so that no
-- integration breaks silently. Viewer tokens and tokens made from now on get the masked view unless an admin opts in.
UPDATE "ApiToken" SET "clearPersonalData" = true WHERE "kind" = 'api' AND "role" IN ('staff', 'admin');
