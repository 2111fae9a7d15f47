ALTER TABLE "refund_lines" DROP CONSTRAINT "refund_lines_total_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "round_off" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charges_taxed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_taxable" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_taxable" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_tax_rate" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_cgst" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_sgst" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_igst" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "round_off" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD COLUMN "outside_gst" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_total_check" CHECK ("refund_lines"."total" = "refund_lines"."taxable_value" + "refund_lines"."cgst" + "refund_lines"."sgst" + "refund_lines"."igst" + "refund_lines"."outside_gst");--> statement-breakpoint
-- Orders priced before charges could be taxed: shipping carried GST only within prices including it
-- (its GST recorded); such an order taxed its charges, shipping's taxable value what its price held
-- beyond the GST.
UPDATE "orders" SET "charges_taxed" = true, "shipping_taxable" = "shipping_amount" - "shipping_tax"
WHERE "shipping_tax" > 0;--> statement-breakpoint
-- A credit note's charge its order left outside GST carries no taxable value: what it gave back is
-- outside GST (the COD fee of a parcel returned to origin was counted as taxable value).
UPDATE "refund_lines" l SET "outside_gst" = l."taxable_value", "taxable_value" = 0
FROM "refunds" r JOIN "orders" o ON o.id = r.order_id
WHERE r.id = l.refund_id AND l.kind <> 'goods' AND l.cgst = 0 AND l.sgst = 0 AND l.igst = 0
	AND (l.kind = 'cod_fee' OR o.shipping_tax = 0);--> statement-breakpoint
-- The sales ledger as before, with the charges' GST (shipping's and the COD fee's, on top of them when
-- prices exclude GST) and each row's round off in its value (a goods line's in its net sales), so that
-- net sales + shipping + COD fees + tax stay the invoice's total; a credit note's lines the same way,
-- what they give back outside GST in their value.
CREATE OR REPLACE FUNCTION "sales_ledger_record_invoice"(of_order char(24)) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	WITH o AS (
		SELECT * FROM orders WHERE id = of_order AND invoice_number IS NOT NULL AND invoiced_at IS NOT NULL
	),
	x AS (
		SELECT i.id, i.product_id, i.variant_id, i.quantity, ((i.taxable_value + i.round_off) * 100)::bigint AS taxable,
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
			((o.shipping_amount - CASE WHEN o.prices_include_tax THEN o.shipping_tax ELSE 0 END) * 100)::bigint,
			((o.cod_fee - CASE WHEN o.prices_include_tax THEN o.cod_fee_cgst + o.cod_fee_sgst + o.cod_fee_igst ELSE 0 END) * 100)::bigint,
			coalesce(sum(x.quantity), 0)::int,
			(coalesce(sum(x.tax), 0) + ((o.shipping_tax + o.cod_fee_cgst + o.cod_fee_sgst + o.cod_fee_igst) * 100))::bigint,
			(coalesce(sum(x.cgst), 0) + ((o.shipping_cgst + o.cod_fee_cgst) * 100))::bigint,
			(coalesce(sum(x.sgst), 0) + ((o.shipping_sgst + o.cod_fee_sgst) * 100))::bigint,
			(coalesce(sum(x.igst), 0) + ((o.shipping_igst + o.cod_fee_igst) * 100))::bigint,
			coalesce(o.shipping_address ->> 'state', ''), o.discount_code
		FROM o LEFT JOIN x ON true
		GROUP BY o.id, o.invoiced_at, o.total_amount, o.shipping_amount, o.shipping_tax, o.cod_fee,
			o.shipping_cgst, o.shipping_sgst, o.shipping_igst, o.shipping_address, o.discount_code,
			o.prices_include_tax, o.cod_fee_cgst, o.cod_fee_sgst, o.cod_fee_igst
		ON CONFLICT ("source_id") DO UPDATE SET "at" = EXCLUDED."at"
		RETURNING "source_id", "at"
	)
	INSERT INTO "sales_ledger_lines" ("source_id", "item_id", "at", "product_id", "variant_id", "amount", "units", "category_id")
	SELECT h.source_id, x.id, h.at, x.product_id, x.variant_id, x.taxable, x.quantity, x.category_id FROM head h, x
	ON CONFLICT ("source_id", "item_id") DO UPDATE SET "at" = EXCLUDED."at";
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_ledger_record_refund"(of_refund char(24)) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	WITH l AS (
		SELECT kind, item_id, quantity, ((taxable_value + outside_gst) * 100)::bigint AS taxable, (cgst * 100)::bigint AS cgst,
			(sgst * 100)::bigint AS sgst, (igst * 100)::bigint AS igst
		FROM refund_lines WHERE refund_id = of_refund
	),
	head AS (
		INSERT INTO "sales_ledger" ("source_id", "kind", "order_id", "at", "amount", "returns", "shipping", "cod_fees",
			"units", "tax", "cgst", "sgst", "igst", "shipping_state", "discount_code")
		SELECT r.id, CASE WHEN r.money_back THEN 'refund' ELSE 'credit' END, o.id, r.refunded_at, (r.amount * 100)::bigint,
			coalesce(sum(l.taxable) FILTER (WHERE l.kind = 'goods'), 0)::bigint,
			coalesce(sum(l.taxable) FILTER (WHERE l.kind = 'shipping'), 0)::bigint,
			coalesce(sum(l.taxable) FILTER (WHERE l.kind = 'cod_fee'), 0)::bigint,
			coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'goods'), 0)::int,
			coalesce(sum(l.cgst + l.sgst + l.igst), 0)::bigint, coalesce(sum(l.cgst), 0)::bigint,
			coalesce(sum(l.sgst), 0)::bigint, coalesce(sum(l.igst), 0)::bigint,
			coalesce(o.shipping_address ->> 'state', ''), o.discount_code
		FROM refunds r JOIN orders o ON o.id = r.order_id LEFT JOIN l ON true
		WHERE r.id = of_refund AND r.status = 'completed'
		GROUP BY r.id, o.id, r.refunded_at, r.amount, r.money_back, o.shipping_address, o.discount_code
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
