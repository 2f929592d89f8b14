-- One audit shape (issue 11): who acted is a column of the row (actorType: user, token or system), `details` holds
-- only the entity's fields as one JSON object, and entities are one closed snake_case list (lib/audit/entries.ts).
-- Old rows are rewritten into that shape: the actor's type comes from details.actor_type (the API and CLI writers
-- put it there, "cli" is the system actor) or, for rows of the settings writer, from the label (API tokens act as
-- "token:<name>", users as their e-mail). The token id some rows kept in details.actor_id is dropped with it: the
-- label names the token.
-- No semicolon may appear inside a statement or comment here: @prisma/adapter-pg runs scripts split at each one.
ALTER TABLE "AuditLog" ADD COLUMN "actorType" TEXT;

UPDATE "AuditLog" SET "actorType" = CASE
    WHEN "details" ->> 'actor_type' = 'cli' THEN 'system'
    WHEN "details" ->> 'actor_type' IN ('user', 'token', 'system') THEN "details" ->> 'actor_type'
    WHEN "actorLabel" LIKE 'token:%' THEN 'token'
    ELSE 'user'
  END;

ALTER TABLE "AuditLog" ALTER COLUMN "actorType" SET NOT NULL;

UPDATE "AuditLog" SET "details" = CASE
    WHEN jsonb_typeof("details") = 'object' THEN "details" - 'actor_type' - 'actor_id'
    ELSE '{}'::jsonb
  END
  WHERE "details" IS NULL OR jsonb_typeof("details") <> 'object'
    OR ("details" -> 'actor_type') IS NOT NULL OR ("details" -> 'actor_id') IS NOT NULL;

UPDATE "AuditLog" SET "entity" = CASE "entity"
    WHEN 'User' THEN 'user'
    WHEN 'ApiToken' THEN 'api_token'
    WHEN 'LgpdKey' THEN 'lgpd_key'
    WHEN 'LgpdRequest' THEN 'lgpd_request'
    WHEN 'Instance' THEN 'instance'
    ELSE "entity"
  END
  WHERE "entity" IN ('User', 'ApiToken', 'LgpdKey', 'LgpdRequest', 'Instance');
