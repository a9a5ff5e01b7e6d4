CREATE TABLE "generation_examples" (
	"page" text NOT NULL,
	"position" integer NOT NULL,
	"prompt" text,
	"model" text NOT NULL,
	"picture" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_hash" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "generation_examples_page_position_pk" PRIMARY KEY("page","position")
);
