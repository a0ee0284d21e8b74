ALTER TABLE "import_reports" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "import_reports" ADD COLUMN "claimed_until" text;