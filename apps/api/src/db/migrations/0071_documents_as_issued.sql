ALTER TABLE "addresses" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hsn_description" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "hsn_description" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "uqc" text DEFAULT 'NOS' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "uqc" text DEFAULT 'NOS' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_uqc_check" CHECK ("products"."uqc" in ('NOS', 'PCS', 'PRS', 'SET', 'DOZ', 'PAC', 'BOX', 'BTL', 'KGS', 'GMS', 'MTR', 'LTR', 'MLT', 'UNT', 'OTH'));