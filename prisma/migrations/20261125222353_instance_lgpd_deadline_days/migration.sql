-- AlterTable
ALTER TABLE "Instance" ADD COLUMN     "lgpdDeadlineDays" INTEGER;
