-- The key of the last merge of a device's cart into a kept cart (POST /cart/merge): a copy sent again
-- under it, its page reloaded before the answer came, is not added a second time.
ALTER TABLE "carts" ADD COLUMN "merge_key" text;