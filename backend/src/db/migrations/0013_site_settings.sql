CREATE TABLE "site_settings" (
	"id" text PRIMARY KEY DEFAULT 'site' NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 'site')
);
--> statement-breakpoint
ALTER TABLE "gpu_ads" ADD COLUMN "page_title" text;--> statement-breakpoint
ALTER TABLE "gpu_ads" ADD COLUMN "page_description" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "hide_after" date;--> statement-breakpoint
-- The two seeded ads' feature pages keep the titles and descriptions their fixed routes had.
UPDATE "gpu_ads" SET "page_title" = 'NVIDIA GeForce RTX 5090 32 GB', "page_description" = 'The NVIDIA GeForce RTX 5090 with 32 GB of memory, a GPU for generative AI work.' WHERE "slug" = 'nvidia-rtx-5090';--> statement-breakpoint
UPDATE "gpu_ads" SET "page_title" = 'NVIDIA H100 80 GB', "page_description" = 'The NVIDIA H100 Tensor Core GPU with 80 GB of memory, for training and serving AI models.' WHERE "slug" = 'nvidia-h100';
