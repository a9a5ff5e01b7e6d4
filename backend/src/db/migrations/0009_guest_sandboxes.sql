ALTER TABLE "users" ADD COLUMN "sandboxed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sandbox_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_sandbox_expiry_idx" ON "users" USING btree ("sandbox_expires_at") WHERE "users"."sandbox_expires_at" is not null;--> statement-breakpoint
-- The seeded guest (GUEST_ACCOUNT's email) becomes the template of guest sandboxes: seen by no one else.
UPDATE "users" SET "sandboxed" = true WHERE "email" = 'guest@example.com';
