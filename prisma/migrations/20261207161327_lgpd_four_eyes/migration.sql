-- AlterTable
ALTER TABLE "Instance" ADD COLUMN     "lgpdFourEyes" BOOLEAN NOT NULL DEFAULT false;
