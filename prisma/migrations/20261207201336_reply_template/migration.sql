-- AlterTable
ALTER TABLE "Instance" ADD COLUMN     "replyBody" TEXT,
ADD COLUMN     "replySubject" TEXT;
