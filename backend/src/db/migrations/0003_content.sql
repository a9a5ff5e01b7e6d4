CREATE TABLE "career_highlights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company" text NOT NULL,
	"role" text NOT NULL,
	"period" text NOT NULL,
	"summary" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exhibit_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model" text NOT NULL,
	"picture_path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gallery_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"img" text NOT NULL,
	"thumb" text NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_hash" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_items_content_hash_unique" UNIQUE("content_hash")
);
--> statement-breakpoint
CREATE TABLE "gpu_ads" (
	"slug" text PRIMARY KEY NOT NULL,
	"image" text NOT NULL,
	"image_alt" text NOT NULL,
	"title" text NOT NULL,
	"domain" text NOT NULL,
	"tagline" text NOT NULL,
	"url" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" text NOT NULL,
	"date_label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"period" text NOT NULL,
	"role" text NOT NULL,
	"image" text NOT NULL,
	"image_alt" text NOT NULL,
	"bullets_left" jsonb NOT NULL,
	"bullets_right" jsonb NOT NULL,
	"narrative" text NOT NULL,
	"chips" jsonb NOT NULL,
	"list_title" text NOT NULL,
	"list_author" text NOT NULL,
	"featured" boolean DEFAULT true NOT NULL,
	"page" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"channel" text NOT NULL,
	"site" text NOT NULL,
	"url" text NOT NULL,
	"idu" text NOT NULL,
	"note" text NOT NULL,
	"icon" text NOT NULL,
	"fmat" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_profile" (
	"id" text PRIMARY KEY DEFAULT 'site' NOT NULL,
	"profile" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_profile_single_row" CHECK ("site_profile"."id" = 'site')
);
--> statement-breakpoint
CREATE TABLE "trending_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"picture_path" text NOT NULL,
	"location" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "career_highlights_order_idx" ON "career_highlights" USING btree ("position","created_at");--> statement-breakpoint
CREATE INDEX "exhibit_items_order_idx" ON "exhibit_items" USING btree ("position","created_at");--> statement-breakpoint
CREATE INDEX "gallery_items_order_idx" ON "gallery_items" USING btree ("position","created_at");--> statement-breakpoint
CREATE INDEX "gpu_ads_order_idx" ON "gpu_ads" USING btree ("position","created_at");--> statement-breakpoint
CREATE INDEX "notices_order_idx" ON "notices" USING btree ("position","created_at");--> statement-breakpoint
CREATE INDEX "projects_order_idx" ON "projects" USING btree ("position","created_at");--> statement-breakpoint
CREATE INDEX "resource_links_order_idx" ON "resource_links" USING btree ("position","created_at");--> statement-breakpoint
CREATE INDEX "trending_users_order_idx" ON "trending_users" USING btree ("position","created_at");