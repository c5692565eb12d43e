CREATE TABLE "token_reward_sources" (
	"chain_id" integer NOT NULL,
	"token" text NOT NULL,
	"distributor" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_reward_sources_chain_id_token_pk" PRIMARY KEY("chain_id","token")
);
