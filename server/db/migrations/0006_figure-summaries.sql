CREATE TABLE "figures_daily" (
	"account_ref" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"product" text NOT NULL,
	"count" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "figures_daily_pk" PRIMARY KEY("account_ref","day","kind","currency","product")
);
--> statement-breakpoint
CREATE TABLE "figures_monthly_country" (
	"account_ref" uuid NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"product" text NOT NULL,
	"country" text NOT NULL,
	"count" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "figures_monthly_country_pk" PRIMARY KEY("account_ref","month","kind","currency","product","country")
);
--> statement-breakpoint
DROP INDEX "transactions_figures_idx";--> statement-breakpoint
ALTER TABLE "figures_daily" ADD CONSTRAINT "figures_daily_account_ref_network_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."network_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figures_monthly_country" ADD CONSTRAINT "figures_monthly_country_account_ref_network_accounts_id_fk" FOREIGN KEY ("account_ref") REFERENCES "public"."network_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_account_time_idx" ON "transactions" USING btree ("account_ref","occurred_at");--> statement-breakpoint
-- The summaries follow `transactions` statement by statement: each INSERT adds its rows' sums,
-- each DELETE (also the cascade from a removed account) takes them away, and summary rows whose
-- count reaches zero go. Days and months are UTC. Keys are upserted in order, so concurrent
-- imports lock summary rows in the same order.
CREATE FUNCTION "transactions_figures_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO figures_daily AS f (account_ref, day, kind, currency, product, count, amount)
  SELECT account_ref, (occurred_at AT TIME ZONE 'UTC')::date, kind, currency, product,
         count(*), sum(amount)
  FROM new_rows
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_ref, day, kind, currency, product)
  DO UPDATE SET count = f.count + excluded.count, amount = f.amount + excluded.amount;

  INSERT INTO figures_monthly_country AS f
    (account_ref, month, kind, currency, product, country, count, amount)
  SELECT account_ref, date_trunc('month', occurred_at AT TIME ZONE 'UTC')::date, kind, currency,
         product, country, count(*), sum(amount)
  FROM new_rows
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (account_ref, month, kind, currency, product, country)
  DO UPDATE SET count = f.count + excluded.count, amount = f.amount + excluded.amount;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "transactions_figures_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH gone AS (
    SELECT account_ref, (occurred_at AT TIME ZONE 'UTC')::date AS day, kind, currency, product,
           count(*) AS n, sum(amount) AS amount
    FROM old_rows
    GROUP BY 1, 2, 3, 4, 5)
  UPDATE figures_daily AS f
  SET count = f.count - gone.n, amount = f.amount - gone.amount
  FROM gone
  WHERE (f.account_ref, f.day, f.kind, f.currency, f.product)
      = (gone.account_ref, gone.day, gone.kind, gone.currency, gone.product);

  DELETE FROM figures_daily AS f
  USING (SELECT DISTINCT account_ref, (occurred_at AT TIME ZONE 'UTC')::date AS day, kind,
                currency, product
         FROM old_rows) AS gone
  WHERE f.count = 0
    AND (f.account_ref, f.day, f.kind, f.currency, f.product)
      = (gone.account_ref, gone.day, gone.kind, gone.currency, gone.product);

  WITH gone AS (
    SELECT account_ref, date_trunc('month', occurred_at AT TIME ZONE 'UTC')::date AS month, kind,
           currency, product, country, count(*) AS n, sum(amount) AS amount
    FROM old_rows
    GROUP BY 1, 2, 3, 4, 5, 6)
  UPDATE figures_monthly_country AS f
  SET count = f.count - gone.n, amount = f.amount - gone.amount
  FROM gone
  WHERE (f.account_ref, f.month, f.kind, f.currency, f.product, f.country)
      = (gone.account_ref, gone.month, gone.kind, gone.currency, gone.product, gone.country);

  DELETE FROM figures_monthly_country AS f
  USING (SELECT DISTINCT account_ref,
                date_trunc('month', occurred_at AT TIME ZONE 'UTC')::date AS month, kind,
                currency, product, country
         FROM old_rows) AS gone
  WHERE f.count = 0
    AND (f.account_ref, f.month, f.kind, f.currency, f.product, f.country)
      = (gone.account_ref, gone.month, gone.kind, gone.currency, gone.product, gone.country);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "transactions_figures_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE figures_daily, figures_monthly_country;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_figures_insert" AFTER INSERT ON "transactions"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "transactions_figures_add"();
--> statement-breakpoint
CREATE TRIGGER "transactions_figures_delete" AFTER DELETE ON "transactions"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "transactions_figures_remove"();
--> statement-breakpoint
-- An UPDATE (the app never makes one) adds the new rows' sums, then takes the old rows' away:
-- triggers on one event fire in name order.
CREATE TRIGGER "transactions_figures_update_1_add" AFTER UPDATE ON "transactions"
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "transactions_figures_add"();
--> statement-breakpoint
CREATE TRIGGER "transactions_figures_update_2_remove" AFTER UPDATE ON "transactions"
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "transactions_figures_remove"();
--> statement-breakpoint
CREATE TRIGGER "transactions_figures_truncate" AFTER TRUNCATE ON "transactions"
FOR EACH STATEMENT EXECUTE FUNCTION "transactions_figures_clear"();
--> statement-breakpoint
-- The rows already there; the triggers above hold a lock that keeps new ones out until commit.
INSERT INTO "figures_daily" (account_ref, day, kind, currency, product, count, amount)
SELECT account_ref, (occurred_at AT TIME ZONE 'UTC')::date, kind, currency, product,
       count(*), sum(amount)
FROM "transactions"
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "figures_monthly_country"
  (account_ref, month, kind, currency, product, country, count, amount)
SELECT account_ref, date_trunc('month', occurred_at AT TIME ZONE 'UTC')::date, kind, currency,
       product, country, count(*), sum(amount)
FROM "transactions"
GROUP BY 1, 2, 3, 4, 5, 6;
