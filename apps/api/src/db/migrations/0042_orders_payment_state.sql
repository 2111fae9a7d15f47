-- The order's payment state kept on the order (modules/orders/repo.ts whereOf, db/payment-state.ts):
-- the taken payment's status, else the latest attempt's (by created_at, id), else 'none'. Worked out
-- per order, a filter by it read every order of the shop (2-7 s at a million orders); kept by every
-- statement that writes a payment, it is a range of its index. The column's constant default is
-- added without rewriting the table; the update then writes the orders that have a payment, once.
ALTER TABLE "orders" ADD COLUMN "payment_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "payment_state" = coalesce(
    (SELECT p."status" FROM "payments" p WHERE p."id" = o."payment_id"), latest."status")
  FROM (SELECT DISTINCT ON ("order_id") "order_id", "status" FROM "payments"
        ORDER BY "order_id", "created_at" DESC, "id" DESC) latest
  WHERE latest."order_id" = o."id";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_state_check" CHECK ("orders"."payment_state" in ('none', 'pending', 'completed', 'partially_refunded', 'refunded', 'failed'));--> statement-breakpoint
CREATE INDEX "orders_payment_state_created_at_idx" ON "orders" USING btree ("payment_state","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
-- The sitemap's products files (modules/pages/repo.ts): their boundaries walked over the active ids with
-- their updated_at from this index alone, and the catalogue's mark (the newest change of an active
-- product) read as its last entry.
CREATE INDEX "products_active_id_updated_at_idx" ON "products" USING btree ("id","updated_at") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_updated_at_idx" ON "products" USING btree ("updated_at") WHERE "products"."is_active";
