-- Written by hand (H2, the sales report at a million orders): the ledger's sums by quarter of an hour,
-- kept in batches. Tables as apps/api/src/db/schema/sales.ts declares them (salesSlots, salesSlotChanges).
--
-- Every change of the ledger (a row written, moved to another moment, written again or deleted) adds
-- its difference to "sales_slot_changes" (insert only: no key, no index, so a payment never waits on
-- it), and modules/reports/slots.ts folds those rows into "sales_slots" every few seconds. A report
-- reads both in one snapshot, so its figures are exact whether or not the latest changes are folded.
-- NOTE: a quarter of an hour because every offset a shop can set (settings: ±hh:00, :30 or :45) starts
-- its days on one; a slot lies within one day of the shop's clock whatever the offset.
CREATE TABLE "sales_slots" (
	"slot" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"discount_code" text DEFAULT '' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"gross_sales" bigint DEFAULT 0 NOT NULL,
	"sale_discounts" bigint DEFAULT 0 NOT NULL,
	"code_discounts" bigint DEFAULT 0 NOT NULL,
	"returns" bigint DEFAULT 0 NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	"cod_fees" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"cgst" bigint DEFAULT 0 NOT NULL,
	"sgst" bigint DEFAULT 0 NOT NULL,
	"igst" bigint DEFAULT 0 NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_slots_slot_kind_discount_code_pk" PRIMARY KEY("slot","kind","discount_code")
);
--> statement-breakpoint
CREATE TABLE "sales_slot_changes" (
	"slot" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"discount_code" text DEFAULT '' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"gross_sales" bigint DEFAULT 0 NOT NULL,
	"sale_discounts" bigint DEFAULT 0 NOT NULL,
	"code_discounts" bigint DEFAULT 0 NOT NULL,
	"returns" bigint DEFAULT 0 NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	"cod_fees" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"cgst" bigint DEFAULT 0 NOT NULL,
	"sgst" bigint DEFAULT 0 NOT NULL,
	"igst" bigint DEFAULT 0 NOT NULL,
	"rows" integer NOT NULL
);
--> statement-breakpoint
-- The rows live seconds (each fold deletes them): vacuumed after every 1 000 dead rows whatever the size.
ALTER TABLE "sales_slot_changes" SET (autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_scale_factor = 0,
	autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0);
--> statement-breakpoint
-- The quarter of an hour a moment falls in (its start).
CREATE FUNCTION "sales_slot"(at timestamp with time zone) RETURNS timestamp with time zone LANGUAGE sql IMMUTABLE AS $$
	SELECT to_timestamp(floor(extract(epoch FROM at) / 900) * 900)
$$;
--> statement-breakpoint
-- A ledger row's difference: the row it was taken away, the row it is added.
CREATE FUNCTION "sales_slots_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND OLD IS NOT DISTINCT FROM NEW THEN
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		INSERT INTO "sales_slot_changes" ("slot", "kind", "discount_code", "rows", "amount", "gross_sales",
			"sale_discounts", "code_discounts", "returns", "shipping", "cod_fees", "units", "tax", "cgst", "sgst", "igst")
		VALUES ("sales_slot"(OLD.at), OLD.kind, coalesce(OLD.discount_code, ''), -1, -OLD.amount, -OLD.gross_sales,
			-OLD.sale_discounts, -OLD.code_discounts, -OLD.returns, -OLD.shipping, -OLD.cod_fees, -OLD.units, -OLD.tax,
			-OLD.cgst, -OLD.sgst, -OLD.igst);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "sales_slot_changes" ("slot", "kind", "discount_code", "rows", "amount", "gross_sales",
			"sale_discounts", "code_discounts", "returns", "shipping", "cod_fees", "units", "tax", "cgst", "sgst", "igst")
		VALUES ("sales_slot"(NEW.at), NEW.kind, coalesce(NEW.discount_code, ''), 1, NEW.amount, NEW.gross_sales,
			NEW.sale_discounts, NEW.code_discounts, NEW.returns, NEW.shipping, NEW.cod_fees, NEW.units, NEW.tax,
			NEW.cgst, NEW.sgst, NEW.igst);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_ledger_slots" AFTER INSERT OR UPDATE OR DELETE ON "sales_ledger"
	FOR EACH ROW EXECUTE FUNCTION "sales_slots_change"();
--> statement-breakpoint
-- ALWAYS, as the ledger's own triggers: whatever writes the ledger (a replica-role bulk load too) keeps its sums.
ALTER TABLE "sales_ledger" ENABLE ALWAYS TRIGGER "sales_ledger_slots";
--> statement-breakpoint
-- The sums of the ledger written so far, in the order of their slots (a period's rows on few pages: in the
-- order of a hash they were spread over the whole table, and a month's read 255 ms instead of 30).
INSERT INTO "sales_slots" ("slot", "kind", "discount_code", "rows", "amount", "gross_sales", "sale_discounts",
	"code_discounts", "returns", "shipping", "cod_fees", "units", "tax", "cgst", "sgst", "igst")
SELECT "sales_slot"(at), kind, coalesce(discount_code, ''), count(*), sum(amount), sum(gross_sales),
	sum(sale_discounts), sum(code_discounts), sum(returns), sum(shipping), sum(cod_fees), sum(units), sum(tax),
	sum(cgst), sum(sgst), sum(igst)
FROM "sales_ledger" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
--> statement-breakpoint
-- Integers (cents, units, rows) added up as bigint: exact, and an error rather than a wrong figure past
-- 9.2e18. NOTE: sum() of a bigint adds up in numeric, which cost the report's products by variant two
-- thirds of their time and a third more memory a group (EXPLAIN ANALYZE at a million orders); a
-- report's sums stay far within a bigint.
CREATE AGGREGATE "bigint_sum"(bigint) (SFUNC = int8pl, STYPE = bigint);
--> statement-breakpoint
-- Each document line's category, as its product had it when the line was written (an invoice's), or
-- as the invoice line it credits had it (a credit note's): the report's categories sum the lines of a
-- period without reading every product of the catalogue.
ALTER TABLE "sales_ledger_lines" ADD COLUMN "category_id" char(24);
--> statement-breakpoint
UPDATE "sales_ledger_lines" l SET "category_id" = p.category_id FROM "products" p WHERE p.id = l.product_id;
--> statement-breakpoint
DROP INDEX "sales_ledger_lines_at_idx";
--> statement-breakpoint
CREATE INDEX "sales_ledger_lines_at_idx" ON "sales_ledger_lines" USING btree ("at","product_id","variant_id","item_id","amount","units","category_id");
--> statement-breakpoint
-- As migration 0034 wrote it, each line with its product's category.
CREATE OR REPLACE FUNCTION "sales_ledger_record_invoice"(of_order char(24)) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	WITH o AS (
		SELECT * FROM orders WHERE id = of_order AND invoice_number IS NOT NULL AND invoiced_at IS NOT NULL
	),
	x AS (
		SELECT i.id, i.product_id, i.variant_id, i.quantity, (i.taxable_value * 100)::bigint AS taxable,
			((i.cgst + i.sgst + i.igst) * 100)::bigint AS tax, (i.cgst * 100)::bigint AS cgst,
			(i.sgst * 100)::bigint AS sgst, (i.igst * 100)::bigint AS igst,
			CASE WHEN o.prices_include_tax
				THEN round(i.saved_amount * 1000000 / (10000 + i.tax_rate * 100))::bigint
				ELSE (i.saved_amount * 100)::bigint END AS sale,
			CASE WHEN o.prices_include_tax
				THEN round(i.discount_share * 1000000 / (10000 + i.tax_rate * 100))::bigint
				ELSE (i.discount_share * 100)::bigint END AS code,
			(SELECT p.category_id FROM products p WHERE p.id = i.product_id) AS category_id
		FROM order_items i JOIN o ON o.id = i.order_id
	),
	head AS (
		INSERT INTO "sales_ledger" ("source_id", "kind", "order_id", "at", "amount", "gross_sales", "sale_discounts",
			"code_discounts", "shipping", "cod_fees", "units", "tax", "cgst", "sgst", "igst", "shipping_state", "discount_code")
		SELECT o.id, 'invoice', o.id, o.invoiced_at, (o.total_amount * 100)::bigint,
			coalesce(sum(x.taxable + x.sale + x.code), 0)::bigint, coalesce(sum(x.sale), 0)::bigint,
			coalesce(sum(x.code), 0)::bigint,
			((o.shipping_amount - o.shipping_tax) * 100)::bigint, (o.cod_fee * 100)::bigint,
			coalesce(sum(x.quantity), 0)::int,
			(coalesce(sum(x.tax), 0) + (o.shipping_tax * 100))::bigint,
			(coalesce(sum(x.cgst), 0) + (o.shipping_cgst * 100))::bigint,
			(coalesce(sum(x.sgst), 0) + (o.shipping_sgst * 100))::bigint,
			(coalesce(sum(x.igst), 0) + (o.shipping_igst * 100))::bigint,
			coalesce(o.shipping_address ->> 'state', ''), o.discount_code
		FROM o LEFT JOIN x ON true
		GROUP BY o.id, o.invoiced_at, o.total_amount, o.shipping_amount, o.shipping_tax, o.cod_fee,
			o.shipping_cgst, o.shipping_sgst, o.shipping_igst, o.shipping_address, o.discount_code
		ON CONFLICT ("source_id") DO UPDATE SET "at" = EXCLUDED."at"
		RETURNING "source_id", "at"
	)
	INSERT INTO "sales_ledger_lines" ("source_id", "item_id", "at", "product_id", "variant_id", "amount", "units", "category_id")
	SELECT h.source_id, x.id, h.at, x.product_id, x.variant_id, x.taxable, x.quantity, x.category_id FROM head h, x
	ON CONFLICT ("source_id", "item_id") DO UPDATE SET "at" = EXCLUDED."at";
END $$;
--> statement-breakpoint
-- As migration 0034 wrote it, each goods line with the category its invoice line was counted in (the
-- product's, for a line invoiced before the ledger kept categories).
CREATE OR REPLACE FUNCTION "sales_ledger_record_refund"(of_refund char(24)) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	WITH l AS (
		SELECT kind, item_id, quantity, (taxable_value * 100)::bigint AS taxable, (cgst * 100)::bigint AS cgst,
			(sgst * 100)::bigint AS sgst, (igst * 100)::bigint AS igst
		FROM refund_lines WHERE refund_id = of_refund
	),
	head AS (
		INSERT INTO "sales_ledger" ("source_id", "kind", "order_id", "at", "amount", "returns", "shipping", "cod_fees",
			"units", "tax", "cgst", "sgst", "igst", "shipping_state", "discount_code")
		SELECT r.id, 'refund', o.id, r.refunded_at, (r.amount * 100)::bigint,
			coalesce(sum(l.taxable) FILTER (WHERE l.kind = 'goods'), 0)::bigint,
			coalesce(sum(l.taxable) FILTER (WHERE l.kind = 'shipping'), 0)::bigint,
			coalesce(sum(l.taxable) FILTER (WHERE l.kind = 'cod_fee'), 0)::bigint,
			coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'goods'), 0)::int,
			coalesce(sum(l.cgst + l.sgst + l.igst), 0)::bigint, coalesce(sum(l.cgst), 0)::bigint,
			coalesce(sum(l.sgst), 0)::bigint, coalesce(sum(l.igst), 0)::bigint,
			coalesce(o.shipping_address ->> 'state', ''), o.discount_code
		FROM refunds r JOIN orders o ON o.id = r.order_id LEFT JOIN l ON true
		WHERE r.id = of_refund AND r.status = 'completed'
		GROUP BY r.id, o.id, r.refunded_at, r.amount, o.shipping_address, o.discount_code
		ON CONFLICT ("source_id") DO UPDATE SET "at" = EXCLUDED."at", "returns" = EXCLUDED."returns",
			"shipping" = EXCLUDED."shipping", "cod_fees" = EXCLUDED."cod_fees", "units" = EXCLUDED."units",
			"tax" = EXCLUDED."tax", "cgst" = EXCLUDED."cgst", "sgst" = EXCLUDED."sgst", "igst" = EXCLUDED."igst"
		RETURNING "source_id", "at"
	)
	INSERT INTO "sales_ledger_lines" ("source_id", "item_id", "at", "product_id", "variant_id", "amount", "units", "category_id")
	SELECT h.source_id, i.id, h.at, i.product_id, i.variant_id, -sum(l.taxable)::bigint, -sum(l.quantity)::int,
		coalesce(
			(SELECT c.category_id FROM sales_ledger_lines c WHERE c.source_id = i.order_id AND c.item_id = i.id),
			(SELECT p.category_id FROM products p WHERE p.id = i.product_id))
	FROM head h, l JOIN order_items i ON i.id = l.item_id
	WHERE l.kind = 'goods'
	GROUP BY h.source_id, h.at, i.id, i.product_id, i.variant_id, i.order_id
	ON CONFLICT ("source_id", "item_id") DO UPDATE SET "at" = EXCLUDED."at", "amount" = EXCLUDED."amount",
		"units" = EXCLUDED."units";
END $$;
--> statement-breakpoint
-- The inventory page's units sold in 30 days (modules/inventory/repo.ts): its page's variants' lines read as
-- short ranges, not every line of the 30 days.
CREATE INDEX "sales_ledger_lines_variant_at_idx" ON "sales_ledger_lines" USING btree ("variant_id","at","units");
