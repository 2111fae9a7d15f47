ALTER TABLE "refunds" DROP CONSTRAINT "refunds_completed_check";--> statement-breakpoint
ALTER TABLE "sales_ledger" DROP CONSTRAINT "sales_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "money_back" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_completed_check" CHECK ("refunds"."status" <> 'completed' or (("refunds"."provider_refund_id" is not null or not "refunds"."money_back") and "refunds"."credit_note_number" is not null and "refunds"."refunded_at" is not null));--> statement-breakpoint
ALTER TABLE "sales_ledger" ADD CONSTRAINT "sales_ledger_kind_check" CHECK ("sales_ledger"."kind" in ('invoice', 'payment', 'refund', 'credit'));--> statement-breakpoint
-- A credit note that gave no money back (goods returned before they were paid for) is written as a
-- 'credit': its goods, shipping, COD fee and GST as any credit note's, its value in amount, and no money.
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
