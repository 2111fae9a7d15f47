-- The staff's order search (modules/orders/repo.ts keywordMatch) by trigrams: the shipping name and phone of
-- an order, the email and name of its shopper; "%asha%" is then answered from an index, not a scan.
CREATE INDEX "orders_shipping_name_trgm_idx" ON "orders" USING gin ((("shipping_address" -> 'name' ->> 'firstName') || ' ' || ("shipping_address" -> 'name' ->> 'lastName')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_shipping_phone_trgm_idx" ON "orders" USING gin (("shipping_address" ->> 'phoneNumber') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);