CREATE TABLE "shipping_pincodes" (
	"method_id" char(24) NOT NULL,
	"pincode" char(6) NOT NULL,
	"days" smallint NOT NULL,
	"cod" boolean NOT NULL,
	CONSTRAINT "shipping_pincodes_pincode_method_id_pk" PRIMARY KEY("pincode","method_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmation" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "online_discount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "returned_to_origin_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cod_refused_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shipping_pincodes_method_idx" ON "shipping_pincodes" USING btree ("method_id","pincode");--> statement-breakpoint
CREATE INDEX "orders_cod_pending_idx" ON "orders" USING btree ("created_at") WHERE "orders"."cod_confirmation" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_confirmation_check" CHECK ("orders"."cod_confirmation" is null or "orders"."cod_confirmation" in ('pending', 'confirmed', 'cancelled'));