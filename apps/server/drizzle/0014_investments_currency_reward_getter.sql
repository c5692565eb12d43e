ALTER TABLE "investments" RENAME COLUMN "purchase_price_usd" TO "purchase_price";--> statement-breakpoint
ALTER TABLE "investments" RENAME COLUMN "current_value_usd" TO "current_value";--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "token_reward_sources" ADD COLUMN "getter" text;