-- How far each order's parcels have taken its goods ("orders"."parcel_state", db/schema/orders.ts), kept by
-- the database so that the staff's fulfilment filters are an index range (db/fulfilment.ts): worked out
-- per order they read the parcels of every order not shipped or delivered (60 ms at a million orders).
ALTER TABLE "orders" ADD COLUMN "parcel_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parcel_state_check" CHECK ("orders"."parcel_state" is null or "orders"."parcel_state" in ('partially_shipped', 'shipped', 'delivered'));--> statement-breakpoint
-- An order's parcels against its lines: null while nothing is in a parcel; partly shipped while fewer
-- units are in parcels than were ordered; shipped while a parcel is on its way; delivered once all are.
CREATE FUNCTION "order_parcel_state"(the_order char(24)) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT CASE
		WHEN coalesce(sum(sl.quantity), 0) = 0 THEN NULL
		WHEN sum(sl.quantity) < (SELECT sum(oi.quantity) FROM "order_items" oi WHERE oi.order_id = the_order)
			THEN 'partially_shipped'
		WHEN bool_or(s.delivered_at IS NULL) THEN 'shipped'
		ELSE 'delivered' END
	FROM "order_shipments" s JOIN "order_shipment_lines" sl ON sl.shipment_id = s.id
	WHERE s.order_id = the_order
$$;
--> statement-breakpoint
-- Written again after every change of an order's parcels or their lines, when it changed.
CREATE FUNCTION "orders_parcel_state_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	the_order char(24);
BEGIN
	IF TG_TABLE_NAME = 'order_shipments' THEN
		the_order := coalesce(NEW.order_id, OLD.order_id);
	ELSE
		-- A line's parcel, gone when the parcel's deletion took its lines: the parcel's own trigger
		-- writes the order then.
		SELECT s.order_id INTO the_order FROM "order_shipments" s
		WHERE s.id = coalesce(NEW.shipment_id, OLD.shipment_id);
		IF the_order IS NULL THEN
			RETURN NULL;
		END IF;
	END IF;
	UPDATE "orders" SET "parcel_state" = "order_parcel_state"(the_order)
	WHERE id = the_order AND "parcel_state" IS DISTINCT FROM "order_parcel_state"(the_order);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_shipment_lines_parcel_state" AFTER INSERT OR UPDATE OR DELETE ON "order_shipment_lines"
	FOR EACH ROW EXECUTE FUNCTION "orders_parcel_state_change"();
--> statement-breakpoint
CREATE TRIGGER "order_shipments_parcel_state" AFTER UPDATE OF "delivered_at", "order_id" OR DELETE ON "order_shipments"
	FOR EACH ROW EXECUTE FUNCTION "orders_parcel_state_change"();
--> statement-breakpoint
-- ALWAYS, as the ledger's triggers: whatever writes the parcels (a replica-role bulk load too) keeps the state.
ALTER TABLE "order_shipment_lines" ENABLE ALWAYS TRIGGER "order_shipment_lines_parcel_state";
--> statement-breakpoint
ALTER TABLE "order_shipments" ENABLE ALWAYS TRIGGER "order_shipments_parcel_state";
--> statement-breakpoint
-- The orders in parcels so far.
UPDATE "orders" o SET "parcel_state" = "order_parcel_state"(o.id)
WHERE o.id IN (SELECT DISTINCT s.order_id FROM "order_shipments" s);
--> statement-breakpoint
CREATE INDEX "orders_parcel_state_created_at_idx" ON "orders" USING btree ("parcel_state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."parcel_state" is not null and "orders"."status" in ('pending', 'processing', 'cancelled', 'refunded');
