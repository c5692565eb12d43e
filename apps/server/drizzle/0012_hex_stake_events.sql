CREATE TABLE "hex_stake_events" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"wallet" text NOT NULL,
	"stake_id" text NOT NULL,
	"phase" text NOT NULL,
	"token" text NOT NULL,
	"principal" numeric(78, 0) NOT NULL,
	"returned" numeric(78, 0) NOT NULL,
	CONSTRAINT "hex_stake_events_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE INDEX "hex_stake_events_wallet_idx" ON "hex_stake_events" USING btree ("chain_id","wallet");