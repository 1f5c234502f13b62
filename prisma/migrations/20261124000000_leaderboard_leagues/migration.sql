-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "ownerTokenHint" TEXT,
ADD COLUMN     "ownerTokenUsedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "EpisodeOutcome" (
    "episodeId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL,
    "facts" JSONB NOT NULL,

    CONSTRAINT "EpisodeOutcome_pkey" PRIMARY KEY ("episodeId")
);

-- CreateTable
CREATE TABLE "LeaderboardSnapshot" (
    "game" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "episodes" INTEGER NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LeaderboardSnapshot_pkey" PRIMARY KEY ("game")
);

-- CreateTable
CREATE TABLE "League" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "spec" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "League_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LeagueMatch" (
    "id" TEXT NOT NULL,
    "leagueId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "episodeId" TEXT NOT NULL,

    CONSTRAINT "LeagueMatch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EpisodeOutcome_game_finishedAt_idx" ON "EpisodeOutcome"("game", "finishedAt");

-- CreateIndex
CREATE INDEX "League_createdAt_idx" ON "League"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "LeagueMatch_episodeId_key" ON "LeagueMatch"("episodeId");

-- CreateIndex
CREATE UNIQUE INDEX "LeagueMatch_leagueId_key_key" ON "LeagueMatch"("leagueId", "key");

-- AddForeignKey
ALTER TABLE "EpisodeOutcome" ADD CONSTRAINT "EpisodeOutcome_episodeId_fkey" FOREIGN KEY ("episodeId") REFERENCES "Episode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeagueMatch" ADD CONSTRAINT "LeagueMatch_leagueId_fkey" FOREIGN KEY ("leagueId") REFERENCES "League"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LeagueMatch" ADD CONSTRAINT "LeagueMatch_episodeId_fkey" FOREIGN KEY ("episodeId") REFERENCES "Episode"("id") ON DELETE CASCADE ON UPDATE CASCADE;
