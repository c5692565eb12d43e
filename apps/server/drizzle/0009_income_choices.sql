CREATE TABLE "income_choices" (
	"user_id" text NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"income" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "income_choices_user_id_chain_id_address_pk" PRIMARY KEY("user_id","chain_id","address")
);
--> statement-breakpoint
ALTER TABLE "income_choices" ADD CONSTRAINT "income_choices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;