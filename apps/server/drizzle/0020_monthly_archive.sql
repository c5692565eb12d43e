ALTER TABLE "tax_reports" ADD COLUMN "archive_month" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "monthly_archive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_reports_archive_month_idx" ON "tax_reports" USING btree ("user_id","archive_month");