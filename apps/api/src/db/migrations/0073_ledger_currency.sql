-- Written by hand around drizzle's columns: each row of the sales ledger, of its lines
-- and of its sums by slot carries its order's currency, so that a figure the owner reads sums one
-- currency, the shop's, and orders placed in another (before a switch of the shop's currency) are
-- counted apart instead of added in as if they were the new currency's.
ALTER TABLE "sales_ledger" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_ledger_lines" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_slot_changes" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_slots" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_slots" DROP CONSTRAINT "sales_slots_slot_kind_discount_code_pk";--> statement-breakpoint
-- The rows written so far take their order's currency. NOTE: without the slots' trigger, which would add
-- each row again as a change; the slots are summed anew below.
ALTER TABLE "sales_ledger" DISABLE TRIGGER "sales_ledger_slots";--> statement-breakpoint
UPDATE "sales_ledger" l SET "currency" = o.currency FROM "orders" o WHERE o.id = l.order_id AND o.currency <> 'USD';--> statement-breakpoint
ALTER TABLE "sales_ledger" ENABLE ALWAYS TRIGGER "sales_ledger_slots";--> statement-breakpoint
UPDATE "sales_ledger_lines" l SET "currency" = s.currency FROM "sales_ledger" s
WHERE s.source_id = l.source_id AND s.currency <> 'USD';--> statement-breakpoint
-- The sums by slot anew, a group per currency: the ledger's rows and the orders placed (migrations 0044, 0056).
DELETE FROM "sales_slot_changes";--> statement-breakpoint
DELETE FROM "sales_slots";--> statement-breakpoint
INSERT INTO "sales_slots" ("slot", "kind", "discount_code", "currency", "rows", "amount", "gross_sales", "sale_discounts",
	"code_discounts", "returns", "shipping", "cod_fees", "units", "tax", "cgst", "sgst", "igst")
SELECT "sales_slot"(at), kind, coalesce(discount_code, ''), currency, count(*), sum(amount), sum(gross_sales),
	sum(sale_discounts), sum(code_discounts), sum(returns), sum(shipping), sum(cod_fees), sum(units), sum(tax),
	sum(cgst), sum(sgst), sum(igst)
FROM "sales_ledger" GROUP BY 1, 2, 3, 4
UNION ALL
SELECT "sales_slot"(created_at), 'placed', '', currency, count(*), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
FROM "orders" GROUP BY 1, 4
ORDER BY 1, 2, 3, 4;--> statement-breakpoint
ALTER TABLE "sales_slots" ADD CONSTRAINT "sales_slots_slot_kind_discount_code_currency_pk" PRIMARY KEY("slot","kind","discount_code","currency");--> statement-breakpoint
DROP INDEX "sales_ledger_lines_at_idx";--> statement-breakpoint
DROP INDEX "sales_ledger_lines_variant_at_idx";--> statement-breakpoint
CREATE INDEX "sales_ledger_lines_at_idx" ON "sales_ledger_lines" USING btree ("at","variant_id","category_id","amount","units","currency");--> statement-breakpoint
CREATE INDEX "sales_ledger_lines_variant_at_idx" ON "sales_ledger_lines" USING btree ("variant_id","at","units","amount","item_id","currency");--> statement-breakpoint
-- A ledger row written takes its order's currency, whichever function writes it (0072's and those after).
CREATE FUNCTION "sales_ledger_currency"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.currency := coalesce((SELECT o.currency FROM orders o WHERE o.id = NEW.order_id), NEW.currency);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_ledger_currency" BEFORE INSERT ON "sales_ledger"
	FOR EACH ROW EXECUTE FUNCTION "sales_ledger_currency"();
--> statement-breakpoint
ALTER TABLE "sales_ledger" ENABLE ALWAYS TRIGGER "sales_ledger_currency";
--> statement-breakpoint
-- A document line takes the currency of the order its item belongs to. NOTE: read from the order, not
-- from its ledger row, which the same statement writes and this one cannot see.
CREATE FUNCTION "sales_ledger_lines_currency"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.currency := coalesce(
		(SELECT o.currency FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.id = NEW.item_id),
		NEW.currency);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_ledger_lines_currency" BEFORE INSERT ON "sales_ledger_lines"
	FOR EACH ROW EXECUTE FUNCTION "sales_ledger_lines_currency"();
--> statement-breakpoint
ALTER TABLE "sales_ledger_lines" ENABLE ALWAYS TRIGGER "sales_ledger_lines_currency";
--> statement-breakpoint
-- As migration 0044 wrote it, each change in its row's currency.
CREATE OR REPLACE FUNCTION "sales_slots_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		INSERT INTO "sales_slot_changes" ("slot", "kind", "discount_code", "currency", "rows", "amount", "gross_sales",
			"sale_discounts", "code_discounts", "returns", "shipping", "cod_fees", "units", "tax", "cgst", "sgst", "igst")
		VALUES ("sales_slot"(OLD.at), OLD.kind, coalesce(OLD.discount_code, ''), OLD.currency, -1, -OLD.amount, -OLD.gross_sales,
			-OLD.sale_discounts, -OLD.code_discounts, -OLD.returns, -OLD.shipping, -OLD.cod_fees, -OLD.units, -OLD.tax,
			-OLD.cgst, -OLD.sgst, -OLD.igst);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "sales_slot_changes" ("slot", "kind", "discount_code", "currency", "rows", "amount", "gross_sales",
			"sale_discounts", "code_discounts", "returns", "shipping", "cod_fees", "units", "tax", "cgst", "sgst", "igst")
		VALUES ("sales_slot"(NEW.at), NEW.kind, coalesce(NEW.discount_code, ''), NEW.currency, 1, NEW.amount, NEW.gross_sales,
			NEW.sale_discounts, NEW.code_discounts, NEW.returns, NEW.shipping, NEW.cod_fees, NEW.units, NEW.tax,
			NEW.cgst, NEW.sgst, NEW.igst);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- As migration 0056 wrote it, each order placed counted in its currency.
CREATE OR REPLACE FUNCTION "orders_placed_slot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND OLD.created_at IS NOT DISTINCT FROM NEW.created_at THEN
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		INSERT INTO "sales_slot_changes" ("slot", "kind", "currency", "rows") VALUES ("sales_slot"(OLD.created_at), 'placed', OLD.currency, -1);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "sales_slot_changes" ("slot", "kind", "currency", "rows") VALUES ("sales_slot"(NEW.created_at), 'placed', NEW.currency, 1);
	END IF;
	RETURN NULL;
END $$;
