-- AlterTable
ALTER TABLE "User" ADD COLUMN     "integration" BOOLEAN NOT NULL DEFAULT false;
