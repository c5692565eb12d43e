CREATE TABLE "fx_rates" (
	"day" text PRIMARY KEY NOT NULL,
	"usd_per_eur" numeric NOT NULL,
	"source" text DEFAULT 'ecb' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"chain_id" integer NOT NULL,
	"token" text NOT NULL,
	"granularity" text NOT NULL,
	"at" bigint NOT NULL,
	"usd" numeric NOT NULL,
	"source" text NOT NULL,
	"reliable" boolean NOT NULL,
	"note" text,
	CONSTRAINT "price_history_chain_id_token_granularity_at_pk" PRIMARY KEY("chain_id","token","granularity","at")
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"source" text NOT NULL,
	"synced_to_block" bigint NOT NULL,
	"partial" boolean DEFAULT false NOT NULL,
	"problems" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_state_chain_id_address_source_pk" PRIMARY KEY("chain_id","address","source")
);
--> statement-breakpoint
CREATE TABLE "token_metadata" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"symbol" text,
	"name" text,
	"decimals" integer,
	"is_erc20" boolean DEFAULT true NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_metadata_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"kind" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"timestamp" bigint NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"token" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"fee" numeric(78, 0) NOT NULL,
	"method_id" text,
	"source" text NOT NULL,
	CONSTRAINT "transfers_chain_id_tx_hash_kind_log_index_pk" PRIMARY KEY("chain_id","tx_hash","kind","log_index")
);
--> statement-breakpoint
CREATE TABLE "upstream_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	"endpoint" text NOT NULL,
	"kind" text NOT NULL,
	"compute_units" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"outcome" text NOT NULL,
	"status" integer,
	"attempts" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transfers_from_idx" ON "transfers" USING btree ("chain_id","from_address","block_number");--> statement-breakpoint
CREATE INDEX "transfers_to_idx" ON "transfers" USING btree ("chain_id","to_address","block_number");--> statement-breakpoint
CREATE INDEX "upstream_calls_at_idx" ON "upstream_calls" USING btree ("at");