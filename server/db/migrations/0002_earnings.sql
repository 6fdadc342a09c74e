CREATE TABLE "hops" (
	"account_ref" uuid NOT NULL,
	"day" date NOT NULL,
	"product" text NOT NULL,
	"hops" integer NOT NULL,
	CONSTRAINT "hops_account_ref_day_product_pk" PRIMARY KEY("account_ref","day","product")
);
--> statement-breakpoint
CREATE TABLE "network_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"network" text NOT NULL,
	"account_id" text NOT NULL,
	"api_key_encrypted" text,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_ref" uuid NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hops" ADD CONSTRAINT "hops_account_ref_network_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."network_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_accounts" ADD CONSTRAINT "network_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_ref_network_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."network_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "network_accounts_account_idx" ON "network_accounts" USING btree ("network","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_external_idx" ON "transactions" USING btree ("account_ref","external_id");--> statement-breakpoint
CREATE INDEX "transactions_account_time_idx" ON "transactions" USING btree ("account_ref","occurred_at");