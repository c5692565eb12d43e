CREATE TABLE "market_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"source" text,
	"data" jsonb,
	"fetched_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"error" text,
	"error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"user_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_user_id_chain_id_address_pk" PRIMARY KEY("user_id","chain_id","address")
);
--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;