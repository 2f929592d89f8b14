-- CreateEnum
CREATE TYPE "SecondFactorRequirement" AS ENUM ('none', 'admins', 'everyone');

-- AlterTable
ALTER TABLE "Instance" ADD COLUMN     "rememberDeviceDays" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "secondFactorRequiredFor" "SecondFactorRequirement" NOT NULL DEFAULT 'none';

-- CreateTable
CREATE TABLE "UserSecondFactor" (
    "userId" INTEGER NOT NULL,
    "secretCipher" TEXT NOT NULL,
    "confirmedAt" TIMESTAMPTZ(3),
    "lastUsedStep" INTEGER NOT NULL DEFAULT 0,
    "devicesValidFrom" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserSecondFactor_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "RecoveryCode" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RecoveryCode_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RecoveryCode_userId_idx" ON "RecoveryCode"("userId");

-- AddForeignKey
ALTER TABLE "UserSecondFactor" ADD CONSTRAINT "UserSecondFactor_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RecoveryCode" ADD CONSTRAINT "RecoveryCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
