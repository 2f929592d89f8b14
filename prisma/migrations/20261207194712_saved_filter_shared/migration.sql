-- AlterTable
ALTER TABLE "SavedFilter" ADD COLUMN     "shared" BOOLEAN NOT NULL DEFAULT false;
