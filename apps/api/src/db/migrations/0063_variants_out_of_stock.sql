-- The current variants without stock, one row each (db/schema/inventory.ts variantsOutOfStock), for the
-- inventory's "out of stock" count. The table is generated; the rest written by hand.
CREATE TABLE "variants_out_of_stock" (
	"variant_id" char(24) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "variants_out_of_stock" ADD CONSTRAINT "variants_out_of_stock_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A variant entering the state (stock 0 and not removed) is added, one leaving it taken away. The
-- triggers' WHEN conditions are checked before any function is called: a paid order that takes a unit
-- and leaves some (nearly all of them) runs nothing here, and the update stays HOT.
CREATE FUNCTION "variants_out_of_stock_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.stock = 0 AND NEW.removed_at IS NULL THEN
		INSERT INTO "variants_out_of_stock" ("variant_id") VALUES (NEW.id) ON CONFLICT DO NOTHING;
	ELSE
		DELETE FROM "variants_out_of_stock" WHERE "variant_id" = NEW.id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_variants_out_of_stock_insert" AFTER INSERT ON "product_variants"
	FOR EACH ROW WHEN (NEW.stock = 0 AND NEW.removed_at IS NULL) EXECUTE FUNCTION "variants_out_of_stock_keep"();
--> statement-breakpoint
CREATE TRIGGER "product_variants_out_of_stock_update" AFTER UPDATE OF "stock", "removed_at" ON "product_variants"
	FOR EACH ROW WHEN ((OLD.stock = 0 AND OLD.removed_at IS NULL) <> (NEW.stock = 0 AND NEW.removed_at IS NULL))
	EXECUTE FUNCTION "variants_out_of_stock_keep"();
--> statement-breakpoint
-- ALWAYS, as the variants' other triggers: whatever writes the stock (a replica-role bulk load too) keeps
-- the rows. A deleted variant's row goes with it (the foreign key's cascade).
ALTER TABLE "product_variants" ENABLE ALWAYS TRIGGER "product_variants_out_of_stock_insert";--> statement-breakpoint
ALTER TABLE "product_variants" ENABLE ALWAYS TRIGGER "product_variants_out_of_stock_update";--> statement-breakpoint
INSERT INTO "variants_out_of_stock" ("variant_id")
SELECT "id" FROM "product_variants" WHERE "stock" = 0 AND "removed_at" IS NULL;
