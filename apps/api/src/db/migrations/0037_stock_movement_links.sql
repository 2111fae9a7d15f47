ALTER TABLE "activity" DROP CONSTRAINT "activity_kind_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "order_id" char(24);--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "return_id" char(24);--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_kind_check" CHECK ("activity"."kind" in ('product.created', 'product.updated', 'product.deleted', 'stock.adjusted', 'category.created', 'category.updated', 'category.deleted', 'discount.created', 'discount.updated', 'discount.deleted', 'order.status_changed', 'order.note_added', 'order.refunded', 'shipment.created', 'shipment.delivered', 'payment.cash_collected', 'return.approved', 'return.rejected', 'return.received', 'return.refunded', 'user.role_changed', 'user.deactivated', 'user.reactivated', 'customer.note_added', 'settings.updated', 'review.hidden', 'review.shown', 'review.replied', 'review.deleted', 'media.uploaded', 'media.deleted', 'email.retried'));--> statement-breakpoint
-- Added by hand to the generated file: the stock-movement trigger (migration 0026) also keeps the
-- order and the return the writing transaction names (db/stock-cause.ts), as it keeps its actor.
CREATE OR REPLACE FUNCTION product_variants_stock_movement() RETURNS trigger LANGUAGE plpgsql AS $$
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
  INSERT INTO stock_movements (variant_id, product_id, change, stock_after, cause, reason, note, actor_id, actor_name, order_id, return_id)
  VALUES (
    NEW.id, NEW.product_id, delta, NEW.stock, why,
    CASE WHEN TG_OP = 'UPDATE' THEN nullif(current_setting('shop.stock_reason', true), '') END,
    CASE WHEN TG_OP = 'UPDATE' THEN nullif(current_setting('shop.stock_note', true), '') END,
    nullif(current_setting('shop.stock_actor_id', true), '')::char(24),
    nullif(current_setting('shop.stock_actor_name', true), ''),
    CASE WHEN TG_OP = 'UPDATE' THEN nullif(current_setting('shop.stock_order_id', true), '')::char(24) END,
    CASE WHEN TG_OP = 'UPDATE' THEN nullif(current_setting('shop.stock_return_id', true), '')::char(24) END
  );
  RETURN NULL;
END $$;
