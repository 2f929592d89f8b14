-- AlterTable
ALTER TABLE "Attachment" ADD COLUMN     "requestName" TEXT;
