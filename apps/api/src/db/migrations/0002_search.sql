CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_active_created_at_idx";--> statement-breakpoint
DROP INDEX "products_category_active_idx";--> statement-breakpoint
DROP INDEX "products_active_on_sale_idx";--> statement-breakpoint
DROP INDEX "products_active_sold_count_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_word_pattern_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_active_created_at_idx" ON "products" USING btree ("is_active","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_active_idx" ON "products" USING btree ("category_id","is_active","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_active_on_sale_idx" ON "products" USING btree ("is_active","on_sale","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_active_sold_count_idx" ON "products" USING btree ("is_active","sold_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Backfill (added by hand to the generated file): the search document and vocabulary of existing products,
-- built exactly as modules/products/repo.ts builds them on insert and update.
UPDATE "products" AS p SET "search_vector" =
	setweight(to_tsvector('english', p."name"), 'A') ||
	setweight(to_tsvector('english', c."name"), 'B') ||
	setweight(to_tsvector('english', p."description"), 'C')
FROM "categories" AS c WHERE c."id" = p."category_id";--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM "products" AS p JOIN "categories" AS c ON c."id" = p."category_id",
	regexp_split_to_table(lower(p."name" || ' ' || c."name" || ' ' || p."description"), '[^[:alnum:]]+') AS w
WHERE length(w) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;
