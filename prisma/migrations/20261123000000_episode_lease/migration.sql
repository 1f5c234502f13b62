-- AlterTable
ALTER TABLE "Episode" ADD COLUMN     "leaseExpiresAt" TIMESTAMP(3),
ADD COLUMN     "leaseOwner" TEXT;

-- CreateIndex
CREATE INDEX "Episode_status_leaseExpiresAt_idx" ON "Episode"("status", "leaseExpiresAt");
