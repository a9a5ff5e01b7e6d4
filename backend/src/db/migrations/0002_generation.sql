CREATE TABLE "generation_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prompt" text NOT NULL,
	"dream_mode" text,
	"status" text DEFAULT 'IN_QUEUE' NOT NULL,
	"provider" text,
	"worker_id" text,
	"seed" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"image_file" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"heartbeat_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "gpu_workers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"api_key" text,
	"gpu" text NOT NULL,
	"concurrency" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"health" text DEFAULT 'unknown' NOT NULL,
	"health_error" text,
	"last_seen_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gpu_workers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE INDEX "generation_jobs_status_idx" ON "generation_jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "generation_jobs_finished_idx" ON "generation_jobs" USING btree ("finished_at");