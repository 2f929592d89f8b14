-- AlterTable
ALTER TABLE "LgpdKey" ADD COLUMN     "previousKeyHash" TEXT,
ADD COLUMN     "previousLastChars" TEXT,
ADD COLUMN     "previousUntil" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "previousSecretCipher" TEXT,
ADD COLUMN     "previousSecretUntil" TIMESTAMPTZ(3);
