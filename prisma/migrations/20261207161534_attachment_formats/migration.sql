-- AlterTable
ALTER TABLE "Instance" ADD COLUMN     "attachmentFormats" TEXT[] DEFAULT ARRAY['pdf', 'jpg', 'png', 'webp', 'heic', 'heif']::TEXT[];
