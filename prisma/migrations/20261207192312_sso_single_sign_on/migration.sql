-- AlterTable
ALTER TABLE "User" ADD COLUMN     "ssoSubject" TEXT;

-- CreateTable
CREATE TABLE "SsoSettings" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "issuerUrl" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretEncrypted" TEXT NOT NULL,
    "clientSecretHint" TEXT NOT NULL,
    "allowedDomains" TEXT[],
    "groupsClaim" TEXT NOT NULL DEFAULT 'groups',
    "groupRoles" JSONB NOT NULL DEFAULT '[]',
    "passwordSignInDisabled" BOOLEAN NOT NULL DEFAULT false,
    "directoryEnforcesMfa" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SsoSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoLoginAttempt" (
    "stateHash" TEXT NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "nonce" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "callbackPath" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SsoLoginAttempt_pkey" PRIMARY KEY ("stateHash")
);

-- CreateIndex
CREATE UNIQUE INDEX "SsoSettings_instanceId_key" ON "SsoSettings"("instanceId");

-- CreateIndex
CREATE INDEX "SsoLoginAttempt_expiresAt_idx" ON "SsoLoginAttempt"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "User_instanceId_ssoSubject_key" ON "User"("instanceId", "ssoSubject");

-- AddForeignKey
ALTER TABLE "SsoSettings" ADD CONSTRAINT "SsoSettings_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoLoginAttempt" ADD CONSTRAINT "SsoLoginAttempt_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
