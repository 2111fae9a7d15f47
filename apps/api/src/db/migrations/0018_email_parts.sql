ALTER TABLE "emails" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "parts" jsonb;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "shop" jsonb;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_body_check" CHECK (("emails"."text" is not null and "emails"."html" is not null) or ("emails"."parts" is not null and "emails"."shop" is not null));