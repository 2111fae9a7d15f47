-- Each parcel says whether it left to be paid in cash on delivery ("order_shipments"."cash_on_delivery",
-- db/schema/shipments.ts), so that the report's COD parcels of a period are read by their own index
-- (modules/reports/repo-rto.ts) rather than every parcel of the period with its order and payment.
ALTER TABLE "order_shipments" ADD COLUMN "cash_on_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Decided as a parcel is written, whatever writes it: its order's payment is cash on delivery then.
CREATE FUNCTION "order_shipments_cash_on_delivery"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.cash_on_delivery := EXISTS (
		SELECT 1 FROM "orders" o JOIN "payments" p ON p.id = o.payment_id
		WHERE o.id = NEW.order_id AND p.payment_gateway = 'cod');
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_shipments_cash_on_delivery" BEFORE INSERT ON "order_shipments"
	FOR EACH ROW EXECUTE FUNCTION "order_shipments_cash_on_delivery"();
--> statement-breakpoint
-- ALWAYS: a replica-role bulk load of parcels marks them too.
ALTER TABLE "order_shipments" ENABLE ALWAYS TRIGGER "order_shipments_cash_on_delivery";
--> statement-breakpoint
-- The parcels written so far, as the report read them until now: by their order's payment.
UPDATE "order_shipments" s SET "cash_on_delivery" = true
FROM "orders" o JOIN "payments" p ON p.id = o.payment_id
WHERE o.id = s.order_id AND p.payment_gateway = 'cod';
--> statement-breakpoint
DROP INDEX "order_shipments_shipped_at_idx";--> statement-breakpoint
CREATE INDEX "order_shipments_cod_shipped_at_idx" ON "order_shipments" USING btree ("shipped_at") WHERE "order_shipments"."cash_on_delivery";
