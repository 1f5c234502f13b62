-- CreateEnum
CREATE TYPE "AgentKind" AS ENUM ('builtin', 'llm', 'remote');

-- CreateEnum
CREATE TYPE "AgentStatus" AS ENUM ('active', 'paused');

-- CreateEnum
CREATE TYPE "EpisodeStatus" AS ENUM ('queued', 'running', 'finished', 'failed');

-- CreateTable
CREATE TABLE "Agent" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "AgentKind" NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "config" JSONB NOT NULL,
    "games" TEXT[],
    "status" "AgentStatus" NOT NULL DEFAULT 'active',
    "ownerTokenHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Episode" (
    "id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "rulesetVersion" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "seed" INTEGER NOT NULL,
    "status" "EpisodeStatus" NOT NULL DEFAULT 'queued',
    "failureReason" TEXT,
    "result" JSONB,
    "metrics" JSONB,
    "demo" BOOLEAN NOT NULL DEFAULT false,
    "eventCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Episode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EpisodeParticipant" (
    "id" TEXT NOT NULL,
    "episodeId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "role" TEXT,
    "agentId" TEXT NOT NULL,

    CONSTRAINT "EpisodeParticipant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EpisodeEvent" (
    "id" BIGSERIAL NOT NULL,
    "episodeId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EpisodeEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rating" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "system" TEXT NOT NULL,
    "values" JSONB NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Agent_name_key" ON "Agent"("name");

-- CreateIndex
CREATE INDEX "Episode_status_idx" ON "Episode"("status");

-- CreateIndex
CREATE INDEX "Episode_game_finishedAt_idx" ON "Episode"("game", "finishedAt");

-- CreateIndex
CREATE INDEX "EpisodeParticipant_agentId_idx" ON "EpisodeParticipant"("agentId");

-- CreateIndex
CREATE UNIQUE INDEX "EpisodeParticipant_episodeId_seat_key" ON "EpisodeParticipant"("episodeId", "seat");

-- CreateIndex
CREATE UNIQUE INDEX "EpisodeEvent_episodeId_seq_key" ON "EpisodeEvent"("episodeId", "seq");

-- CreateIndex
CREATE INDEX "Rating_game_role_system_idx" ON "Rating"("game", "role", "system");

-- CreateIndex
CREATE UNIQUE INDEX "Rating_agentId_game_role_system_key" ON "Rating"("agentId", "game", "role", "system");

-- AddForeignKey
ALTER TABLE "EpisodeParticipant" ADD CONSTRAINT "EpisodeParticipant_episodeId_fkey" FOREIGN KEY ("episodeId") REFERENCES "Episode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EpisodeParticipant" ADD CONSTRAINT "EpisodeParticipant_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EpisodeEvent" ADD CONSTRAINT "EpisodeEvent_episodeId_fkey" FOREIGN KEY ("episodeId") REFERENCES "Episode"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rating" ADD CONSTRAINT "Rating_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
