CREATE TABLE "tax_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"step" text,
	"scope" text NOT NULL,
	"address" text,
	"year" integer NOT NULL,
	"processed_batches" integer DEFAULT 0 NOT NULL,
	"total_batches" integer DEFAULT 0 NOT NULL,
	"error" text,
	"summary" jsonb,
	"manual_entries" jsonb,
	"result" "bytea",
	"result_bytes" integer,
	"boss_job_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_reports" ADD CONSTRAINT "tax_reports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_reports_user_idx" ON "tax_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_reports_status_idx" ON "tax_reports" USING btree ("status");