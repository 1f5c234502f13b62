-- Game modules: agents carry their game settings under `options` keyed by game id (the LLM agents'
-- SocialGrid `oracle` and `macro` move there), and the derived rating data is rebuilt in the new facts format
-- (each game's own figures). Episodes, events and agents are kept; EpisodeOutcome rows and leaderboard
-- snapshots are derived from them and recomputed by the ratings maintainer on its next sync.

UPDATE "Agent"
SET config = (config - 'oracle' - 'macro')
  || jsonb_build_object(
       'options',
       COALESCE(config->'options', '{}'::jsonb) || jsonb_build_object(
         'socialgrid',
         jsonb_strip_nulls(jsonb_build_object('oracle', config->'oracle', 'macro', config->'macro'))
       )
     )
WHERE kind = 'llm' AND (config ? 'oracle' OR config ? 'macro');

DELETE FROM "EpisodeOutcome";
DELETE FROM "LeaderboardSnapshot";
