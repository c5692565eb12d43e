CREATE TABLE "tax_report_result_chunks" (
	"report_id" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "tax_report_result_chunks_report_id_seq_pk" PRIMARY KEY("report_id","seq")
);
--> statement-breakpoint
ALTER TABLE "tax_report_result_chunks" ADD CONSTRAINT "tax_report_result_chunks_report_id_tax_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."tax_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_state" ADD COLUMN "read_to_head_at" timestamp with time zone;
