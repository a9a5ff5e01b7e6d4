-- Tokens of the seeded guest signed before sandboxes (and any since) stop working: the template never acts.
UPDATE "users" SET "token_version" = "token_version" + 1 WHERE "sandboxed" AND "sandbox_expires_at" IS NULL;
