-- AlterEnum
ALTER TYPE "ActorType" ADD VALUE 'customer';

-- AlterTable
ALTER TABLE "Attachment" ADD COLUMN     "byCustomer" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "trackingEpoch" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Observation" ADD COLUMN     "byCustomer" BOOLEAN NOT NULL DEFAULT false;

-- The tracking page's notes and files written before these columns existed: the customer's label with no staff user
-- or API token behind it (the only way the tracking use-cases wrote them).
UPDATE "Observation" SET "byCustomer" = true
  WHERE "authorLabel" = 'cliente (página de acompanhamento)' AND "userId" IS NULL AND "tokenId" IS NULL;
UPDATE "Attachment" SET "byCustomer" = true WHERE "authorLabel" = 'cliente (página de acompanhamento)';
