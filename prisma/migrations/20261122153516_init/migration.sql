-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'staff', 'viewer');

-- CreateEnum
CREATE TYPE "CategoryKind" AS ENUM ('open', 'pause', 'finished');

-- CreateEnum
CREATE TYPE "ColumnType" AS ENUM ('string', 'number', 'date');

-- CreateEnum
CREATE TYPE "ObservationVisibility" AS ENUM ('internal', 'customer');

-- CreateEnum
CREATE TYPE "AttachmentState" AS ENUM ('uploaded', 'pending');

-- CreateEnum
CREATE TYPE "TokenKind" AS ENUM ('api', 'session');

-- CreateEnum
CREATE TYPE "LgpdRequestStatus" AS ENUM ('pending', 'done', 'not_found', 'error');

-- CreateEnum
CREATE TYPE "ActorType" AS ENUM ('user', 'token', 'system');

-- CreateTable
CREATE TABLE "Instance" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Instance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "sessionsValidFrom" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locale" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "lastSignInAt" TIMESTAMPTZ(3),

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "kind" "TokenKind" NOT NULL DEFAULT 'api',
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "userId" INTEGER,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LgpdKey" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "keyHash" TEXT NOT NULL,
    "lastChars" TEXT NOT NULL,
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMPTZ(3),

    CONSTRAINT "LgpdKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LgpdRequest" (
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

    CONSTRAINT "LgpdRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StatusCategory" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "kind" "CategoryKind" NOT NULL,
    "order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "StatusCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Status" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "categoryId" INTEGER NOT NULL,
    "slaHours" DOUBLE PRECISION,
    "textColor" TEXT NOT NULL DEFAULT '#1f2937',
    "bgColor" TEXT NOT NULL DEFAULT '#e5e7eb',
    "order" INTEGER NOT NULL DEFAULT 0,
    "stepId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Status_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StatusTransition" (
    "fromStatusId" INTEGER NOT NULL,
    "toStatusId" INTEGER NOT NULL,

    CONSTRAINT "StatusTransition_pkey" PRIMARY KEY ("fromStatusId","toStatusId")
);

-- CreateTable
CREATE TABLE "Product" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "defaultSlaHours" DOUBLE PRECISION,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductStep" (
    "id" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProductStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductColumn" (
    "id" SERIAL NOT NULL,
    "productId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "type" "ColumnType" NOT NULL DEFAULT 'string',
    "order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProductColumn_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Modality" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "workingHours" JSONB,
    "timeZone" TEXT NOT NULL DEFAULT 'America/Sao_Paulo',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Modality_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModalityHoliday" (
    "id" SERIAL NOT NULL,
    "modalityId" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "ModalityHoliday_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Document" (
    "id" SERIAL NOT NULL,
    "uuid" UUID NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "protocol" TEXT NOT NULL,
    "statusId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "userId" INTEGER,
    "modalityId" INTEGER,
    "modalityIdentifier" TEXT,
    "cpf" TEXT NOT NULL,
    "cpfDigits" TEXT NOT NULL,
    "name" TEXT,
    "phone" TEXT,
    "email" TEXT,
    "slaTotal" DOUBLE PRECISION,
    "slaStart" TIMESTAMPTZ(3) NOT NULL,
    "slaEnd" TIMESTAMPTZ(3),
    "slaEndStatus" TIMESTAMPTZ(3),
    "pausedAt" TIMESTAMPTZ(3),
    "source" TEXT,
    "filledColumns" JSONB NOT NULL DEFAULT '{}',
    "dateTime" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "dateFinished" TIMESTAMPTZ(3),

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProtocolCounter" (
    "instanceId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "value" INTEGER NOT NULL,

    CONSTRAINT "ProtocolCounter_pkey" PRIMARY KEY ("instanceId","day")
);

-- CreateTable
CREATE TABLE "Observation" (
    "id" SERIAL NOT NULL,
    "documentId" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "visibility" "ObservationVisibility" NOT NULL DEFAULT 'internal',
    "authorLabel" TEXT NOT NULL,
    "userId" INTEGER,
    "tokenId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Observation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Attachment" (
    "id" SERIAL NOT NULL,
    "documentId" INTEGER NOT NULL,
    "state" "AttachmentState" NOT NULL DEFAULT 'uploaded',
    "fileName" TEXT NOT NULL,
    "mediaType" TEXT,
    "size" INTEGER NOT NULL DEFAULT 0,
    "content" BYTEA,
    "sha256" TEXT,
    "requestNote" TEXT,
    "authorLabel" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uploadedAt" TIMESTAMPTZ(3),

    CONSTRAINT "Attachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentHistory" (
    "id" BIGSERIAL NOT NULL,
    "documentId" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "actorType" "ActorType" NOT NULL,
    "actorId" INTEGER,
    "actorLabel" TEXT NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '[]',
    "requestId" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentHistory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SavedFilter" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "filters" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SavedFilter_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" BIGSERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "actorLabel" TEXT NOT NULL,
    "actorId" INTEGER,
    "action" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entityId" TEXT,
    "details" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SignInThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMPTZ(3),

    CONSTRAINT "SignInThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "Instance_slug_key" ON "Instance"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_instanceId_idx" ON "User"("instanceId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiToken_instanceId_kind_idx" ON "ApiToken"("instanceId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "LgpdKey_instanceId_key" ON "LgpdKey"("instanceId");

-- CreateIndex
CREATE INDEX "LgpdRequest_instanceId_cpfHash_requestedAt_idx" ON "LgpdRequest"("instanceId", "cpfHash", "requestedAt");

-- CreateIndex
CREATE INDEX "LgpdRequest_status_notBefore_idx" ON "LgpdRequest"("status", "notBefore");

-- CreateIndex
CREATE INDEX "LgpdRequest_instanceId_requestedAt_idx" ON "LgpdRequest"("instanceId", "requestedAt");

-- CreateIndex
CREATE UNIQUE INDEX "LgpdRequest_instanceId_pendingKey_key" ON "LgpdRequest"("instanceId", "pendingKey");

-- CreateIndex
CREATE UNIQUE INDEX "StatusCategory_instanceId_key_key" ON "StatusCategory"("instanceId", "key");

-- CreateIndex
CREATE INDEX "Status_instanceId_order_idx" ON "Status"("instanceId", "order");

-- CreateIndex
CREATE INDEX "Status_categoryId_idx" ON "Status"("categoryId");

-- CreateIndex
CREATE INDEX "StatusTransition_toStatusId_idx" ON "StatusTransition"("toStatusId");

-- CreateIndex
CREATE INDEX "Product_instanceId_idx" ON "Product"("instanceId");

-- CreateIndex
CREATE INDEX "ProductStep_productId_order_idx" ON "ProductStep"("productId", "order");

-- CreateIndex
CREATE UNIQUE INDEX "ProductColumn_productId_key_key" ON "ProductColumn"("productId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Modality_instanceId_identifier_key" ON "Modality"("instanceId", "identifier");

-- CreateIndex
CREATE UNIQUE INDEX "ModalityHoliday_modalityId_date_key" ON "ModalityHoliday"("modalityId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "Document_uuid_key" ON "Document"("uuid");

-- CreateIndex
CREATE UNIQUE INDEX "Document_protocol_key" ON "Document"("protocol");

-- CreateIndex
CREATE INDEX "Document_instanceId_cpf_createdAt_idx" ON "Document"("instanceId", "cpf", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Document_instanceId_cpfDigits_createdAt_idx" ON "Document"("instanceId", "cpfDigits", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Document_instanceId_statusId_createdAt_idx" ON "Document"("instanceId", "statusId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Document_instanceId_productId_createdAt_idx" ON "Document"("instanceId", "productId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Document_instanceId_createdAt_idx" ON "Document"("instanceId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Document_instanceId_slaEnd_idx" ON "Document"("instanceId", "slaEnd");

-- CreateIndex
CREATE INDEX "Observation_documentId_createdAt_idx" ON "Observation"("documentId", "createdAt");

-- CreateIndex
CREATE INDEX "Attachment_documentId_createdAt_idx" ON "Attachment"("documentId", "createdAt");

-- CreateIndex
CREATE INDEX "DocumentHistory_documentId_createdAt_idx" ON "DocumentHistory"("documentId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "SavedFilter_userId_name_key" ON "SavedFilter"("userId", "name");

-- CreateIndex
CREATE INDEX "AuditLog_instanceId_createdAt_idx" ON "AuditLog"("instanceId", "createdAt");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LgpdKey" ADD CONSTRAINT "LgpdKey_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LgpdRequest" ADD CONSTRAINT "LgpdRequest_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StatusCategory" ADD CONSTRAINT "StatusCategory_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Status" ADD CONSTRAINT "Status_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Status" ADD CONSTRAINT "Status_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "StatusCategory"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Status" ADD CONSTRAINT "Status_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "ProductStep"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StatusTransition" ADD CONSTRAINT "StatusTransition_fromStatusId_fkey" FOREIGN KEY ("fromStatusId") REFERENCES "Status"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StatusTransition" ADD CONSTRAINT "StatusTransition_toStatusId_fkey" FOREIGN KEY ("toStatusId") REFERENCES "Status"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductStep" ADD CONSTRAINT "ProductStep_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductColumn" ADD CONSTRAINT "ProductColumn_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Modality" ADD CONSTRAINT "Modality_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModalityHoliday" ADD CONSTRAINT "ModalityHoliday_modalityId_fkey" FOREIGN KEY ("modalityId") REFERENCES "Modality"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_statusId_fkey" FOREIGN KEY ("statusId") REFERENCES "Status"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_modalityId_fkey" FOREIGN KEY ("modalityId") REFERENCES "Modality"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Observation" ADD CONSTRAINT "Observation_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentHistory" ADD CONSTRAINT "DocumentHistory_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedFilter" ADD CONSTRAINT "SavedFilter_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
