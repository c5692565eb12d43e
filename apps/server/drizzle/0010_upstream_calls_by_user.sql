ALTER TABLE "upstream_calls" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "upstream_calls" ADD COLUMN "api_endpoint" text;--> statement-breakpoint
CREATE INDEX "upstream_calls_user_idx" ON "upstream_calls" USING btree ("user_id","at");