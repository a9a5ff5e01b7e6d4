ALTER TABLE "generation_jobs" ADD COLUMN "progress" real;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "preview" text;--> statement-breakpoint
ALTER TABLE "gpu_workers" ADD COLUMN "checkpoint" text;--> statement-breakpoint
ALTER TABLE "gpu_workers" ADD COLUMN "runpod_image" text;--> statement-breakpoint
ALTER TABLE "gpu_workers" ADD COLUMN "input_template" jsonb;--> statement-breakpoint
ALTER TABLE "gpu_workers" ADD COLUMN "model" text;--> statement-breakpoint
-- RunPod workers registered before the setting existed were sent sd-v1 input.
UPDATE "gpu_workers" SET "runpod_image" = 'sd-v1' WHERE "kind" = 'runpod';
