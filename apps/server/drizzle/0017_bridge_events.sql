CREATE TABLE "bridge_events" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"timestamp" bigint NOT NULL,
	"event" text NOT NULL,
	"token" text NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"message_id" text NOT NULL,
	"tx_from" text NOT NULL,
	"via_native_router" boolean DEFAULT false NOT NULL,
	CONSTRAINT "bridge_events_chain_id_tx_hash_log_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index")
);
--> statement-breakpoint
CREATE INDEX "bridge_events_message_idx" ON "bridge_events" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "bridge_events_account_idx" ON "bridge_events" USING btree ("account");--> statement-breakpoint
CREATE INDEX "bridge_events_tx_from_idx" ON "bridge_events" USING btree ("tx_from");