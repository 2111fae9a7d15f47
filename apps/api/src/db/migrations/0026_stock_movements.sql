CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"variant_id" char(24) NOT NULL,
	"product_id" char(24) NOT NULL,
	"change" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"cause" text NOT NULL,
	"reason" text,
	"note" text,
	"actor_id" char(24),
	"actor_name" text,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "stock_movements_cause_check" CHECK ("stock_movements"."cause" in ('initial', 'placement', 'cancel', 'expiry', 'refund', 'return', 'import', 'adjustment', 'other'))
);
--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_section_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_variant_at_idx" ON "stock_movements" USING btree ("variant_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_section_check" CHECK ("settings"."section" in ('store', 'currency', 'taxes', 'shipping', 'checkout', 'fulfilment', 'inventory'));--> statement-breakpoint
-- Added by hand to the generated file: the trigger that writes "stock_movements"
-- (db/schema/inventory.ts) at every change of a variant's stock, the trigger keeping the log
-- append-only, and an 'initial' row for every variant stocked before the log existed.
-- The cause, reason, note and actor are the writing transaction's local settings (db/stock-cause.ts
-- sets them with set_config(..., true)); unset or empty: cause 'other', the rest null. A new variant
-- logs its first stock as 'initial', so the rows of a variant always sum to its stock.
CREATE FUNCTION product_variants_stock_movement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer;
  why text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    delta := NEW.stock;
    why := 'initial';
  ELSE
    delta := NEW.stock - OLD.stock;
    why := coalesce(nullif(current_setting('shop.stock_cause', true), ''), 'other');
  END IF;
  IF delta = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO stock_movements (variant_id, product_id, change, stock_after, cause, reason, note, actor_id, actor_name)
  VALUES (
    NEW.id, NEW.product_id, delta, NEW.stock, why,
    CASE WHEN TG_OP = 'UPDATE' THEN nullif(current_setting('shop.stock_reason', true), '') END,
    CASE WHEN TG_OP = 'UPDATE' THEN nullif(current_setting('shop.stock_note', true), '') END,
    nullif(current_setting('shop.stock_actor_id', true), '')::char(24),
    nullif(current_setting('shop.stock_actor_name', true), '')
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_movement AFTER INSERT OR UPDATE OF stock ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION product_variants_stock_movement();
--> statement-breakpoint
-- Append-only: a row is never changed, and removed only with its variant (the foreign key's cascade
-- of a deleted variant or product, which runs after the variant is gone).
CREATE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM product_variants WHERE id = OLD.variant_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'stock_movements is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON "stock_movements"
  FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only();
--> statement-breakpoint
-- The stock of every variant before the log: one 'initial' row each, so that the sums hold.
INSERT INTO stock_movements (variant_id, product_id, change, stock_after, cause)
SELECT id, product_id, stock, stock, 'initial' FROM product_variants WHERE stock <> 0;
