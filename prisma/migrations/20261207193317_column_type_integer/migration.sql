-- AlterEnum
ALTER TYPE "ColumnType" ADD VALUE 'integer';
