ALTER TABLE "users" ADD COLUMN "sandbox_client_ip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sandbox_picture_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_sandbox_client_idx" ON "users" USING btree ("sandbox_client_ip","created_at") WHERE "users"."sandbox_client_ip" is not null;