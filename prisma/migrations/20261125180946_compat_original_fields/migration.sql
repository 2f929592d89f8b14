-- CreateEnum
CREATE TYPE "AttachmentReview" AS ENUM ('ok', 'pending', 'in_analisys');

-- CreateEnum
CREATE TYPE "ObservationOrigin" AS ENUM ('internal', 'client', 'question');

-- AlterEnum
ALTER TYPE "AttachmentState" ADD VALUE 'linked';

-- AlterTable
ALTER TABLE "Attachment" ADD COLUMN     "linkDriver" TEXT,
ADD COLUMN     "linkPath" TEXT,
ADD COLUMN     "review" "AttachmentReview";

-- AlterTable
ALTER TABLE "Observation" ADD COLUMN     "attachmentName" TEXT,
ADD COLUMN     "origin" "ObservationOrigin",
ADD COLUMN     "sendCommunication" BOOLEAN NOT NULL DEFAULT false;
