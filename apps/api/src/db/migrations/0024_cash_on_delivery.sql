ALTER TABLE "emails" DROP CONSTRAINT "emails_kind_check";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_type_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_payment_gateway_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "sales_ledger" ADD COLUMN "cod_fees" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_kind_check" CHECK ("emails"."kind" in ('passwordReset', 'passwordChanged', 'emailChanged', 'welcome', 'orderPlaced', 'orderCodConfirmed', 'paymentReceived', 'orderShipped', 'orderDelivered', 'orderCancelled', 'orderRefunded'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_type_check" CHECK ("order_events"."type" in ('placed', 'paid', 'cod', 'status', 'cancelled', 'note', 'refunded'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_gateway_check" CHECK ("payments"."payment_gateway" in ('paypal', 'test', 'cod'));--> statement-breakpoint
-- Added by hand to the generated file (cash on delivery): the ledger's payment rows carry their order's
-- cash on delivery fee, so that gross sales − discounts + shipping + fees + GST is what was taken.
-- The function is migration 0017's with "cod_fees" added; no payment before this migration had a fee,
-- so no row needs filling. A COD payment reaches the ledger when staff record the cash: its status
-- becomes completed and its created_at the moment of collection (the trigger of 0017 fires on both).
CREATE OR REPLACE FUNCTION "sales_ledger_record_payment"(of_payment char(24)) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "sales_ledger" ("source_id", "kind", "order_id", "at", "amount", "gross_sales", "sale_discounts",
		"code_discounts", "shipping", "cod_fees", "units", "tax", "cgst", "shipping_state", "discount_code")
	SELECT p.id, 'payment', o.id, p.created_at, (p.amount * 100)::bigint,
		((o.sub_total + o.saved_amount) * 100)::bigint, (o.saved_amount * 100)::bigint,
		(o.discount_amount * 100)::bigint, (o.shipping_amount * 100)::bigint, (o.cod_fee * 100)::bigint,
		(SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id),
		(o.tax_amount * 100)::bigint, "sales_invoice_cgst"(o.id, (o.tax_amount * 100)::bigint),
		coalesce(o.shipping_address ->> 'state', ''), o.discount_code
	FROM payments p JOIN orders o ON o.id = p.order_id
	WHERE p.id = of_payment AND p.status IN ('completed', 'partially_refunded', 'refunded')
	ON CONFLICT ("source_id") DO UPDATE SET "at" = EXCLUDED."at";
	INSERT INTO "sales_ledger_lines" ("source_id", "item_id", "at", "product_id", "variant_id", "amount", "units")
	SELECT p.id, i.id, p.created_at, i.product_id, i.variant_id,
		((i.price * i.quantity - i.discount_share) * 100)::bigint, i.quantity
	FROM payments p JOIN order_items i ON i.order_id = p.order_id
	WHERE p.id = of_payment AND p.status IN ('completed', 'partially_refunded', 'refunded')
	ON CONFLICT ("source_id", "item_id") DO UPDATE SET "at" = EXCLUDED."at";
END $$;
