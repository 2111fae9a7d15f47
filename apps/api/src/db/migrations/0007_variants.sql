CREATE TABLE "product_variants" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"product_id" char(24) NOT NULL,
	"sku" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"on_sale" boolean DEFAULT false NOT NULL,
	"sale_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price" >= 0),
	CONSTRAINT "product_variants_sale_price_check" CHECK ("product_variants"."sale_price" >= 0)
);
--> statement-breakpoint
-- Edited by hand: the two NOT NULL columns of order_items are added empty, filled below, then made NOT NULL.
ALTER TABLE "order_items" ADD COLUMN "variant_id" char(24);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_sku" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Added by hand: every existing product gets one default variant (no option values) with its price,
-- sale price and stock; its SKU is the product's id, and its id keeps the product id's time prefix.
INSERT INTO "product_variants" ("id", "product_id", "sku", "options", "price", "on_sale", "sale_price", "stock",
	"is_active", "position", "created_at")
SELECT substr(p."id", 1, 8) || substr(md5(p."id" || ':default-variant'), 1, 16), p."id", p."id", '{}'::jsonb, p."price",
	p."on_sale", p."sale_price", p."stock", true, 0, p."created_at"
FROM "products" AS p;--> statement-breakpoint
-- Every existing order line names its product's default variant.
UPDATE "order_items" AS oi SET "variant_id" = v."id", "variant_sku" = v."sku"
FROM "product_variants" AS v WHERE v."product_id" = oi."product_id";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "variant_sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_options_unique" ON "product_variants" USING btree ("product_id","options") WHERE "product_variants"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "product_variants_product_id_idx" ON "product_variants" USING btree ("product_id","position","id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_variant_id_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
-- Added by hand: products.price, on_sale, sale_price and stock are derived from the variants in the
-- transaction of every variant write, whoever writes (docs/decisions/015-variants.md): the cheapest
-- active variant's price (by the price paid: the sale price while on sale; the cheapest variant at all
-- when none is active), and the stock summed over the active variants. Once per statement: a product
-- update that writes 100 variants, or an order that takes stock from several, derives each product
-- once. Products are locked in id order, after the variant rows the statement wrote (the order service
-- locks those in product, then variant id order), so that concurrent writers never wait on each other
-- in a circle. A product whose figures did not change is not written.
CREATE FUNCTION "product_variants_derive"() RETURNS trigger LANGUAGE plpgsql AS $$
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
			WHERE (o."product_id", o."price", o."on_sale", o."sale_price", o."is_active", o."removed_at")
				IS DISTINCT FROM (n."product_id", n."price", n."on_sale", n."sale_price", n."is_active", n."removed_at")
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
	SET "price" = d."price", "on_sale" = d."on_sale", "sale_price" = d."sale_price", "stock" = d."stock"
	FROM (
		SELECT DISTINCT ON (v."product_id") v."product_id", v."price", v."on_sale", v."sale_price",
			(coalesce(sum(v."stock") FILTER (WHERE v."is_active") OVER (PARTITION BY v."product_id"), 0))::integer AS "stock"
		FROM "product_variants" AS v
		WHERE v."product_id" = ANY(ids) AND v."removed_at" IS NULL
		ORDER BY v."product_id", NOT v."is_active", CASE WHEN v."on_sale" THEN v."sale_price" ELSE v."price" END,
			v."position", v."id"
	) AS d
	WHERE p."id" = d."product_id"
		AND (p."price", p."on_sale", p."sale_price", p."stock") IS DISTINCT FROM (d."price", d."on_sale", d."sale_price", d."stock");
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_variants_derive_insert" AFTER INSERT ON "product_variants"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_variants_derive"();--> statement-breakpoint
CREATE TRIGGER "product_variants_derive_update" AFTER UPDATE ON "product_variants"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_variants_derive"();--> statement-breakpoint
CREATE TRIGGER "product_variants_derive_delete" AFTER DELETE ON "product_variants"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_variants_derive"();--> statement-breakpoint
-- NOTE: ALWAYS, as for the product counts (migration 0004): a bulk load with session_replication_role = replica keeps them.
ALTER TABLE "product_variants" ENABLE ALWAYS TRIGGER "product_variants_derive_insert";--> statement-breakpoint
ALTER TABLE "product_variants" ENABLE ALWAYS TRIGGER "product_variants_derive_update";--> statement-breakpoint
ALTER TABLE "product_variants" ENABLE ALWAYS TRIGGER "product_variants_derive_delete";
