CREATE TABLE "product_counts" (
	"category_id" char(24) PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"active_on_sale" integer DEFAULT 0 NOT NULL,
	"inactive" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_counts" ADD CONSTRAINT "product_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Added by hand to the generated file: the triggers that keep "product_counts" (db/schema/products.ts)
-- and its first fill. Each change becomes per-category deltas added with one upsert, categories in id
-- order so that concurrent writers lock count rows in one order; a change that moves no count (stock,
-- ratings, sold units, names) locks nothing. Inserts and deletes are counted per statement, so a bulk
-- load pays one grouped upsert; updates per row, only when a counted column really changed.
CREATE FUNCTION "product_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "product_counts" AS pc ("category_id", "active", "active_on_sale", "inactive")
		SELECT "category_id", count(*) FILTER (WHERE "is_active"), count(*) FILTER (WHERE "is_active" AND "on_sale"),
			count(*) FILTER (WHERE NOT "is_active")
		FROM new_rows GROUP BY "category_id" ORDER BY "category_id"
		ON CONFLICT ("category_id") DO UPDATE SET "active" = pc."active" + excluded."active",
			"active_on_sale" = pc."active_on_sale" + excluded."active_on_sale", "inactive" = pc."inactive" + excluded."inactive";
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "product_counts" AS pc ("category_id", "active", "active_on_sale", "inactive")
		SELECT "category_id", -count(*) FILTER (WHERE "is_active"), -count(*) FILTER (WHERE "is_active" AND "on_sale"),
			-count(*) FILTER (WHERE NOT "is_active")
		FROM old_rows GROUP BY "category_id" ORDER BY "category_id"
		ON CONFLICT ("category_id") DO UPDATE SET "active" = pc."active" + excluded."active",
			"active_on_sale" = pc."active_on_sale" + excluded."active_on_sale", "inactive" = pc."inactive" + excluded."inactive";
	ELSE
		INSERT INTO "product_counts" AS pc ("category_id", "active", "active_on_sale", "inactive")
		SELECT d."category_id", sum(d."active"), sum(d."active_on_sale"), sum(d."inactive")
		FROM (VALUES
			(OLD."category_id", -(OLD."is_active")::int, -(OLD."is_active" AND OLD."on_sale")::int, -(NOT OLD."is_active")::int),
			(NEW."category_id", (NEW."is_active")::int, (NEW."is_active" AND NEW."on_sale")::int, (NOT NEW."is_active")::int)
		) AS d("category_id", "active", "active_on_sale", "inactive")
		GROUP BY d."category_id"
		HAVING sum(d."active") <> 0 OR sum(d."active_on_sale") <> 0 OR sum(d."inactive") <> 0
		ORDER BY d."category_id"
		ON CONFLICT ("category_id") DO UPDATE SET "active" = pc."active" + excluded."active",
			"active_on_sale" = pc."active_on_sale" + excluded."active_on_sale", "inactive" = pc."inactive" + excluded."inactive";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_counts_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "products_counts_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "products_counts_update" AFTER UPDATE OF "is_active", "on_sale", "category_id" ON "products" FOR EACH ROW
	WHEN (OLD."is_active" IS DISTINCT FROM NEW."is_active" OR OLD."on_sale" IS DISTINCT FROM NEW."on_sale"
		OR OLD."category_id" IS DISTINCT FROM NEW."category_id")
	EXECUTE FUNCTION "product_counts_apply"();--> statement-breakpoint
-- NOTE: ALWAYS, so that a bulk load that sets session_replication_role = replica to skip the foreign-key
-- checks (the bench seed does) still keeps the counts. A logical-replication subscriber derives the
-- counts from the products it receives: do not publish "product_counts" to it as well.
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_counts_insert";--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_counts_delete";--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_counts_update";--> statement-breakpoint
INSERT INTO "product_counts" ("category_id", "active", "active_on_sale", "inactive")
SELECT "category_id", count(*) FILTER (WHERE "is_active"), count(*) FILTER (WHERE "is_active" AND "on_sale"),
	count(*) FILTER (WHERE NOT "is_active")
FROM "products" GROUP BY "category_id";
