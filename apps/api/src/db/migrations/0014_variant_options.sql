ALTER TABLE "products" ADD COLUMN "variant_options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_pairs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Added by hand: products.variant_options holds the options of each active variant, in the variants'
-- order, and products.option_pairs the distinct option-value pairs among them (each the JSON array
-- [name, value] as text, sorted), derived by the same statement trigger as the price and the stock
-- (migration 0007), so that option filters and facets read one row per product instead of joining
-- its variants. A variant write that changes only stock still moves only the stock; one that changes
-- options, activity, order or removal derives the whole row again.
-- One option value of a product as `option_pairs` holds it, and the API's option filters ask for it:
-- the JSON array [name, value] as text.
CREATE FUNCTION "option_pair"(name text, value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT jsonb_build_array(name, value)::text $$;--> statement-breakpoint
-- The distinct option values of a product's active variants, sorted.
CREATE FUNCTION "product_option_pairs"(product char(24)) RETURNS text[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT coalesce(array_agg(DISTINCT "option_pair"(kv."key", kv."value")), '{}'::text[])
	FROM "product_variants" AS v, jsonb_each_text(v."options") AS kv
	WHERE v."product_id" = product AND v."is_active" AND v."removed_at" IS NULL
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_variants_derive"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids char(24)[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(DISTINCT "product_id") INTO ids FROM new_rows;
	ELSIF TG_OP = 'DELETE' THEN
		SELECT array_agg(DISTINCT "product_id") INTO ids FROM old_rows;
	ELSE
		SELECT array_agg(DISTINCT c."product_id") INTO ids
		FROM (SELECT "product_id" FROM new_rows UNION ALL SELECT "product_id" FROM old_rows) AS c;
	END IF;
	IF ids IS NULL THEN
		RETURN NULL;
	END IF;
	IF cardinality(ids) > 1 THEN
		PERFORM 1 FROM "products" WHERE "id" = ANY(ids) ORDER BY "id" FOR UPDATE;
	END IF;
	-- NOTE: nested, as PL/pgSQL plans a condition whole: old_rows exists only for an UPDATE.
	IF TG_OP = 'UPDATE' THEN
		IF NOT EXISTS (
			SELECT 1 FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
			WHERE (o."product_id", o."price", o."on_sale", o."sale_price", o."is_active", o."removed_at", o."options", o."position")
				IS DISTINCT FROM (n."product_id", n."price", n."on_sale", n."sale_price", n."is_active", n."removed_at", n."options", n."position")
		) THEN
			-- Only stock moved (an order taking it, a cancellation or the sweep giving it back): each
			-- product's stock moves by the same units, without reading its other variants.
			UPDATE "products" AS p SET "stock" = p."stock" + d."delta"
			FROM (
				SELECT n."product_id", sum(n."stock" - o."stock")::integer AS "delta"
				FROM new_rows AS n JOIN old_rows AS o ON o."id" = n."id"
				WHERE n."is_active" AND n."removed_at" IS NULL
				GROUP BY n."product_id"
			) AS d
			WHERE p."id" = d."product_id" AND d."delta" <> 0;
			RETURN NULL;
		END IF;
	END IF;
	UPDATE "products" AS p
	SET "price" = d."price", "on_sale" = d."on_sale", "sale_price" = d."sale_price", "stock" = d."stock",
		"variant_options" = o."variant_options", "option_pairs" = o."option_pairs"
	FROM (
		SELECT DISTINCT ON (v."product_id") v."product_id", v."price", v."on_sale", v."sale_price",
			(coalesce(sum(v."stock") FILTER (WHERE v."is_active") OVER (PARTITION BY v."product_id"), 0))::integer AS "stock"
		FROM "product_variants" AS v
		WHERE v."product_id" = ANY(ids) AND v."removed_at" IS NULL
		ORDER BY v."product_id", NOT v."is_active", CASE WHEN v."on_sale" THEN v."sale_price" ELSE v."price" END,
			v."position", v."id"
	) AS d
	CROSS JOIN LATERAL (
		SELECT coalesce(jsonb_agg(v."options" ORDER BY v."position", v."id"), '[]'::jsonb) AS "variant_options",
			"product_option_pairs"(d."product_id") AS "option_pairs"
		FROM "product_variants" AS v
		WHERE v."product_id" = d."product_id" AND v."is_active" AND v."removed_at" IS NULL
	) AS o
	WHERE p."id" = d."product_id"
		AND (p."price", p."on_sale", p."sale_price", p."stock", p."variant_options", p."option_pairs")
			IS DISTINCT FROM (d."price", d."on_sale", d."sale_price", d."stock", o."variant_options", o."option_pairs");
	RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "products" AS p SET "variant_options" = d."variant_options", "option_pairs" = d."option_pairs"
FROM (
	SELECT v."product_id", jsonb_agg(v."options" ORDER BY v."position", v."id") AS "variant_options",
		"product_option_pairs"(v."product_id") AS "option_pairs"
	FROM "product_variants" AS v
	WHERE v."is_active" AND v."removed_at" IS NULL
	GROUP BY v."product_id"
) AS d
WHERE p."id" = d."product_id";--> statement-breakpoint
-- The index after the backfill: one build, not 100k updates of it.
CREATE INDEX "products_option_pairs_idx" ON "products" USING gin ("option_pairs");--> statement-breakpoint
ANALYZE "products";
