-- AlterTable
ALTER TABLE "Status" ADD COLUMN     "final" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "ProductStatusStep" (
    "productId" INTEGER NOT NULL,
    "statusId" INTEGER NOT NULL,
    "stepId" INTEGER NOT NULL,

    CONSTRAINT "ProductStatusStep_pkey" PRIMARY KEY ("productId","statusId")
);

-- CreateIndex
CREATE INDEX "ProductStatusStep_stepId_idx" ON "ProductStatusStep"("stepId");

-- AddForeignKey
ALTER TABLE "ProductStatusStep" ADD CONSTRAINT "ProductStatusStep_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductStatusStep" ADD CONSTRAINT "ProductStatusStep_statusId_fkey" FOREIGN KEY ("statusId") REFERENCES "Status"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductStatusStep" ADD CONSTRAINT "ProductStatusStep_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "ProductStep"("id") ON DELETE CASCADE ON UPDATE CASCADE;
