-- The whole list's and the sale's indexes carry the price paid and the rating after their order: a keyword's
-- results under a price or rating filter are tested in the index, and only the rows that pass are read.
DROP INDEX "products_active_created_at_idx";--> statement-breakpoint
DROP INDEX "products_active_on_sale_idx";--> statement-breakpoint
CREATE INDEX "products_active_created_at_idx" ON "products" USING btree ("is_active","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,(case when "on_sale" then "sale_price" else "price" end),"rating_average");--> statement-breakpoint
CREATE INDEX "products_active_on_sale_idx" ON "products" USING btree ("is_active","on_sale","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,(case when "on_sale" then "sale_price" else "price" end),"rating_average");