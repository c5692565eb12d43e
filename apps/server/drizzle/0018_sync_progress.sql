ALTER TABLE "tax_reports" ADD COLUMN "sync_loaded" integer;--> statement-breakpoint
ALTER TABLE "tax_reports" ADD COLUMN "sync_expected" integer;