DROP INDEX "search_words_word_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_category_active_price_idx" ON "products" USING btree ("category_id","is_active",(case when "on_sale" then "sale_price" else "price" end),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_gist_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- Backfill (added by hand to the generated file): the search document and vocabulary now also hold each
-- hyphenated compound joined ("T-Shirt" → "tshirt"), built exactly as modules/products/search.ts builds them.
UPDATE "products" AS p SET "search_vector" =
	setweight(to_tsvector('english', p."name" || ' ' || array_to_string(array(select replace(m[1], '-', '') from regexp_matches(p."name", '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') as m), ' ')), 'A') ||
	setweight(to_tsvector('english', c."name" || ' ' || array_to_string(array(select replace(m[1], '-', '') from regexp_matches(c."name", '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') as m), ' ')), 'B') ||
	setweight(to_tsvector('english', p."description" || ' ' || array_to_string(array(select replace(m[1], '-', '') from regexp_matches(p."description", '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') as m), ' ')), 'C')
FROM "categories" AS c WHERE c."id" = p."category_id";--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT replace(lower(m[1]), '-', '') FROM "products" AS p JOIN "categories" AS c ON c."id" = p."category_id",
	regexp_matches(p."name" || ' ' || c."name" || ' ' || p."description", '([[:alnum:]]+(?:-[[:alnum:]]+)+)', 'g') AS m
WHERE length(replace(m[1], '-', '')) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;
