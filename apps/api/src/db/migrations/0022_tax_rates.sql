ALTER TABLE "categories" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate" numeric(5, 2) DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_rate" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
-- Added by hand to the generated file: each line of an order placed before rates existed keeps its
-- share of the order's GST as its invoice printed it (modules/documents/figures.ts then): the order's
-- GST shared among its lines by taxable value, the largest remainders taking the cents left.
WITH line AS (
	SELECT i.id, i.order_id, ((i.price * i.quantity - i.discount_share) * 100)::bigint AS taxable,
		(o.tax_amount * 100)::bigint AS gst,
		row_number() OVER (PARTITION BY i.order_id ORDER BY i.id) AS idx
	FROM order_items i JOIN orders o ON o.id = i.order_id
),
spread AS (
	SELECT *, (sum(taxable) OVER (PARTITION BY order_id))::bigint AS base FROM line
),
floored AS (
	SELECT id, order_id, idx, gst,
		CASE WHEN base > 0 THEN (gst * taxable) / base WHEN idx = 1 THEN gst ELSE 0 END AS share,
		CASE WHEN base > 0 THEN (gst * taxable) % base ELSE 0 END AS rest
	FROM spread
),
ranked AS (
	SELECT id, share, gst - sum(share) OVER (PARTITION BY order_id) AS left_over,
		row_number() OVER (PARTITION BY order_id ORDER BY rest DESC, idx) AS place
	FROM floored
)
UPDATE order_items i SET tax_amount = (r.share + CASE WHEN r.place <= r.left_over THEN 1 ELSE 0 END) / 100.0
FROM ranked r WHERE r.id = i.id;--> statement-breakpoint
-- The CGST of an invoice as the document prints it: each line's GST halved and rounded down, and the
-- shipping's the same way (the lines keep their GST from the moment they were priced; `gst` is no longer
-- read, the signature stays as the ledger's function calls it).
CREATE OR REPLACE FUNCTION "sales_invoice_cgst"(of_order char(24), gst bigint) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN (
		SELECT coalesce(sum(((i.tax_amount * 100)::bigint) / 2), 0)
			+ (SELECT ((o.shipping_tax * 100)::bigint) / 2 FROM orders o WHERE o.id = of_order)
		FROM order_items i WHERE i.order_id = of_order
	)::bigint;
END $$;
