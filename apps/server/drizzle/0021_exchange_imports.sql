CREATE TABLE "exchange_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_files" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_hash" text NOT NULL,
	"rows_added" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"file_id" text NOT NULL,
	"row_key" text NOT NULL,
	"time" text NOT NULL,
	"kind" text NOT NULL,
	"row" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exchange_accounts" ADD CONSTRAINT "exchange_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_files" ADD CONSTRAINT "exchange_files_account_id_exchange_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."exchange_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rows" ADD CONSTRAINT "exchange_rows_account_id_exchange_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."exchange_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rows" ADD CONSTRAINT "exchange_rows_file_id_exchange_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."exchange_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_accounts_user_idx" ON "exchange_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_files_account_hash_idx" ON "exchange_files" USING btree ("account_id","content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rows_account_key_idx" ON "exchange_rows" USING btree ("account_id","row_key");--> statement-breakpoint
CREATE INDEX "exchange_rows_account_time_idx" ON "exchange_rows" USING btree ("account_id","time");