CREATE TABLE "change_feed" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"store_id" text NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_changes" (
	"deal_id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "deal_changes_seq" ON "deal_changes" USING btree ("seq","deal_id");