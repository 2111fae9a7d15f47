-- Written by hand: the orders placed in each quarter of an hour, kept with the ledger's sums by slot
-- (db/schema/sales.ts salesSlots, kind 'placed'), so that the sales report's orders a day add up a
-- year's slots instead of counting its orders (a year at a million orders: 500 000 keys of
-- orders_created_at_idx, half of the report's second).
--
-- Each order placed adds a row to "sales_slot_changes" (insert only, as the ledger's changes: the
-- checkout never waits on it), which modules/reports/slots.ts folds as it folds the ledger's. An order
-- is never deleted nor moved to another moment by the shop; the trigger takes one away all the same
-- when it is, so that the count stays the orders'.
CREATE FUNCTION "orders_placed_slot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND OLD.created_at IS NOT DISTINCT FROM NEW.created_at THEN
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		INSERT INTO "sales_slot_changes" ("slot", "kind", "rows") VALUES ("sales_slot"(OLD.created_at), 'placed', -1);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO "sales_slot_changes" ("slot", "kind", "rows") VALUES ("sales_slot"(NEW.created_at), 'placed', 1);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_placed_slots" AFTER INSERT OR DELETE OR UPDATE OF "created_at" ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "orders_placed_slot"();
--> statement-breakpoint
-- ALWAYS, as the ledger's triggers: whatever writes the orders (a replica-role bulk load too) keeps the count.
ALTER TABLE "orders" ENABLE ALWAYS TRIGGER "orders_placed_slots";
--> statement-breakpoint
-- The orders placed so far, by slot.
INSERT INTO "sales_slots" ("slot", "kind", "discount_code", "rows")
SELECT "sales_slot"(created_at), 'placed', '', count(*) FROM "orders" GROUP BY 1 ORDER BY 1;
