-- The dashboard's lists paged by key (docs/decisions/034-capped-counts-and-keyset.md), measured at a
-- million rows: the inventory list in product-name order read by (name, id) ranges rather than by
-- sorting every product (700 ms a page at 1M products, 0.2 ms with the index); the customers list
-- narrowed to active or inactive accounts, its page and capped count as index ranges. No stock
-- column is indexed: the checkout's stock updates stay HOT.
CREATE INDEX "products_name_id_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_status_created_at_idx" ON "users" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
