CREATE TABLE "tax_declarations" (
	"user_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"token" text NOT NULL,
	"wallet" text NOT NULL,
	"kind" text NOT NULL,
	"eur" numeric(14, 2),
	"acquired_on" date,
	"from_label" text,
	"given_label" text,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_declarations_user_id_chain_id_tx_hash_token_wallet_pk" PRIMARY KEY("user_id","chain_id","tx_hash","token","wallet")
);
--> statement-breakpoint
ALTER TABLE "tax_reports" ADD COLUMN "declarations_version" text;--> statement-breakpoint
ALTER TABLE "tax_reports" ADD COLUMN "fork_cost" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "fork_cost" text DEFAULT 'zero' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "declarations_changed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD CONSTRAINT "tax_declarations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;