ALTER TABLE "product_variants" ADD COLUMN "weight_kg" numeric(7, 3);--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "length_cm" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "breadth_cm" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "height_cm" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_kg" numeric(7, 3);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "breadth_cm" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_weight_kg_check" CHECK ("product_variants"."weight_kg" > 0);--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_dimensions_check" CHECK (("product_variants"."length_cm" is null and "product_variants"."breadth_cm" is null and "product_variants"."height_cm" is null) or ("product_variants"."length_cm" > 0.5 and "product_variants"."breadth_cm" > 0.5 and "product_variants"."height_cm" > 0.5));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_kg_check" CHECK ("products"."weight_kg" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_dimensions_check" CHECK (("products"."length_cm" is null and "products"."breadth_cm" is null and "products"."height_cm" is null) or ("products"."length_cm" > 0.5 and "products"."breadth_cm" > 0.5 and "products"."height_cm" > 0.5));