CREATE SEQUENCE "public"."orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"order_id" char(24) NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_id" char(24),
	"actor_name" text,
	"actor_role" text,
	"note" text,
	"amount" numeric(12, 2),
	CONSTRAINT "order_events_type_check" CHECK ("order_events"."type" in ('placed', 'paid', 'status', 'cancelled', 'note', 'refunded')),
	CONSTRAINT "order_events_status_check" CHECK ("order_events"."status" in ('pending', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded')),
	CONSTRAINT "order_events_actor_role_check" CHECK ("order_events"."actor_role" is null or "order_events"."actor_role" in ('admin', 'manager', 'customer'))
);
--> statement-breakpoint
-- Existing orders are numbered in the order they were placed (#1001 first), then the sequence
-- continues past them; the column gets its default and NOT NULL once every row has a number.
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "orders" SET "number" = "numbered"."n" + 1000
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "orders") AS "numbered"
WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
SELECT setval('orders_number_seq', greatest((SELECT max("number") FROM "orders"), 1000));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('orders_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "public"."orders_number_seq" OWNED BY "orders"."number";--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_at_idx" ON "order_events" USING btree ("order_id","at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
-- Every existing order starts its history with its placement, by its shopper as they are now
-- (ids in the API's layout: the placement's seconds, then a hash of the order's id).
INSERT INTO "order_events" ("id", "order_id", "type", "status", "at", "actor_id", "actor_name", "actor_role")
SELECT
	lpad(to_hex(extract(epoch FROM "orders"."created_at")::bigint), 8, '0') || substr(md5("orders"."id" || ':placed'), 1, 16),
	"orders"."id",
	'placed',
	'pending',
	"orders"."created_at",
	"users"."id",
	trim("users"."first_name" || ' ' || "users"."last_name"),
	"users"."role"
FROM "orders" INNER JOIN "users" ON "users"."id" = "orders"."user_id";
