-- CreateTable
CREATE TABLE "MaskingPolicy" (
    "id" SERIAL NOT NULL,
    "instanceId" INTEGER NOT NULL,
    "role" "Role" NOT NULL,
    "maskedFields" TEXT[],
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "MaskingPolicy_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MaskingPolicy_instanceId_role_key" ON "MaskingPolicy"("instanceId", "role");

-- AddForeignKey
ALTER TABLE "MaskingPolicy" ADD CONSTRAINT "MaskingPolicy_instanceId_fkey" FOREIGN KEY ("instanceId") REFERENCES "Instance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
