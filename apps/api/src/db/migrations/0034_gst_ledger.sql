-- Written by hand (the columns are migration 0032's): the GST documents' figures recorded once, and
-- the ledger rebuilt from them (decision 026).
--
-- A GST state code of a state's name as India's list spells it (any case and spacing); null for
-- anything else (GST.md, "Place of supply and the split"). NOTE: the argument is not called "name":
-- in a SQL function the list's column of that name would win, and every state would match '01'.
CREATE FUNCTION "gst_state_code"(state_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT s.code FROM (VALUES
		('01', 'jammu and kashmir'), ('02', 'himachal pradesh'), ('03', 'punjab'), ('04', 'chandigarh'),
		('05', 'uttarakhand'), ('06', 'haryana'), ('07', 'delhi'), ('08', 'rajasthan'), ('09', 'uttar pradesh'),
		('10', 'bihar'), ('11', 'sikkim'), ('12', 'arunachal pradesh'), ('13', 'nagaland'), ('14', 'manipur'),
		('15', 'mizoram'), ('16', 'tripura'), ('17', 'meghalaya'), ('18', 'assam'), ('19', 'west bengal'),
		('20', 'jharkhand'), ('21', 'odisha'), ('22', 'chhattisgarh'), ('23', 'madhya pradesh'), ('24', 'gujarat'),
		('26', 'dadra and nagar haveli and daman and diu'), ('27', 'maharashtra'), ('29', 'karnataka'), ('30', 'goa'),
		('31', 'lakshadweep'), ('32', 'kerala'), ('33', 'tamil nadu'), ('34', 'puducherry'),
		('35', 'andaman and nicobar islands'), ('36', 'telangana'), ('37', 'andhra pradesh'), ('38', 'ladakh')
	) AS s(code, name)
	WHERE s.name = lower(regexp_replace(btrim(state_name), '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
-- Orders priced before each line kept its own GST (the demo's, seeded after migration 0022 without
-- it): the order's GST less shipping's shared among its lines by value, as migration 0022 shared it.
WITH broken AS (
	SELECT o.id FROM orders o
	WHERE o.tax_amount - o.shipping_tax <> (SELECT coalesce(sum(i.tax_amount), 0) FROM order_items i WHERE i.order_id = o.id)
),
line AS (
	SELECT i.id, i.order_id, ((i.price * i.quantity - i.discount_share) * 100)::bigint AS taxable,
		((o.tax_amount - o.shipping_tax) * 100)::bigint AS gst,
		row_number() OVER (PARTITION BY i.order_id ORDER BY i.id) AS idx
	FROM order_items i JOIN orders o ON o.id = i.order_id
	WHERE o.id IN (SELECT id FROM broken)
),
spread AS (
	SELECT *, (sum(taxable) OVER (PARTITION BY order_id))::bigint AS base FROM line
),
floored AS (
	SELECT id, order_id, idx, gst,
		CASE WHEN base > 0 THEN (gst * taxable) / base WHEN idx = 1 THEN gst ELSE 0 END AS share,
		CASE WHEN base > 0 THEN (gst * taxable) % base ELSE 0 END AS rest
	FROM spread
),
ranked AS (
	SELECT id, share, gst - sum(share) OVER (PARTITION BY order_id) AS left_over,
		row_number() OVER (PARTITION BY order_id ORDER BY rest DESC, idx) AS place
	FROM floored
)
UPDATE order_items i SET tax_amount = (r.share + CASE WHEN r.place <= r.left_over THEN 1 ELSE 0 END) / 100.0
FROM ranked r WHERE r.id = i.id;
--> statement-breakpoint
-- The supply type of every order placed before, decided once, now, as its documents printed it: the
-- delivery state against the store's (the saved settings' state, else the default Maharashtra: a
-- shop that set another STORE_STATE and never saved its settings should save them before upgrading).
UPDATE orders o SET
	supply_type = CASE
		WHEN lower(regexp_replace(btrim(coalesce(o.shipping_address ->> 'state', '')), '\s+', ' ', 'g'))
			= lower(regexp_replace(btrim(coalesce((SELECT s.value ->> 'state' FROM settings s WHERE s.section = 'store'), 'Maharashtra')), '\s+', ' ', 'g'))
		THEN 'intra-state' ELSE 'inter-state' END,
	place_of_supply = "gst_state_code"(o.shipping_address ->> 'state'),
	buyer_gstin = nullif(o.shipping_address ->> 'gstin', '');
--> statement-breakpoint
-- Each line's GST as its invoice printed it: CGST the half rounded down, SGST the rest (within the
-- state); IGST all of it (across). Lines priced from now on have equal halves (packages/shared pricing).
UPDATE order_items i SET
	taxable_value = i.price * i.quantity - i.discount_share - CASE WHEN o.prices_include_tax THEN i.tax_amount ELSE 0 END,
	cgst = CASE WHEN o.supply_type = 'intra-state' THEN floor(i.tax_amount * 100 / 2) / 100 ELSE 0 END,
	sgst = CASE WHEN o.supply_type = 'intra-state' THEN i.tax_amount - floor(i.tax_amount * 100 / 2) / 100 ELSE 0 END,
	igst = CASE WHEN o.supply_type = 'inter-state' THEN i.tax_amount ELSE 0 END
FROM orders o WHERE o.id = i.order_id;
--> statement-breakpoint
UPDATE orders o SET
	shipping_cgst = CASE WHEN o.supply_type = 'intra-state' THEN floor(o.shipping_tax * 100 / 2) / 100 ELSE 0 END,
	shipping_sgst = CASE WHEN o.supply_type = 'intra-state' THEN o.shipping_tax - floor(o.shipping_tax * 100 / 2) / 100 ELSE 0 END,
	shipping_igst = CASE WHEN o.supply_type = 'inter-state' THEN o.shipping_tax ELSE 0 END
WHERE o.shipping_tax <> 0;
--> statement-breakpoint
-- An invoice issued: what it sold, before GST, on its date (`invoiced_at`), and each of its lines.
-- With prices that include GST, the sale's saving and the code's share are taken out of GST at the
-- line's rate, and the list price before GST is the taxable value with them, so that gross sales −
-- discounts is the lines' taxable value (net sales, goods before tax) and a line without a code has no
-- code discount. NOTE: the list price divided by (1 + rate) on its own can differ from that by a paisa
-- (1,299 at 18%: 1,100.85, where the invoice's halves of 99.08 leave 1,100.84), which the report would
-- then show as a code discount.
CREATE FUNCTION "sales_ledger_record_invoice"(of_order char(24)) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	WITH o AS (
		SELECT * FROM orders WHERE id = of_order AND invoice_number IS NOT NULL AND invoiced_at IS NOT NULL
	),
	x AS (
		SELECT i.id, i.product_id, i.variant_id, i.quantity, (i.taxable_value * 100)::bigint AS taxable,
			((i.cgst + i.sgst + i.igst) * 100)::bigint AS tax, (i.cgst * 100)::bigint AS cgst,
			(i.sgst * 100)::bigint AS sgst, (i.igst * 100)::bigint AS igst,
			CASE WHEN o.prices_include_tax
				THEN round(i.saved_amount * 1000000 / (10000 + i.tax_rate * 100))::bigint
				ELSE (i.saved_amount * 100)::bigint END AS sale,
			CASE WHEN o.prices_include_tax
				THEN round(i.discount_share * 1000000 / (10000 + i.tax_rate * 100))::bigint
				ELSE (i.discount_share * 100)::bigint END AS code
		FROM order_items i JOIN o ON o.id = i.order_id
	),
	head AS (
		INSERT INTO "sales_ledger" ("source_id", "kind", "order_id", "at", "amount", "gross_sales", "sale_discounts",
			"code_discounts", "shipping", "cod_fees", "units", "tax", "cgst", "sgst", "igst", "shipping_state", "discount_code")
		SELECT o.id, 'invoice', o.id, o.invoiced_at, (o.total_amount * 100)::bigint,
			coalesce(sum(x.taxable + x.sale + x.code), 0)::bigint, coalesce(sum(x.sale), 0)::bigint,
			coalesce(sum(x.code), 0)::bigint,
			((o.shipping_amount - o.shipping_tax) * 100)::bigint, (o.cod_fee * 100)::bigint,
			coalesce(sum(x.quantity), 0)::int,
			(coalesce(sum(x.tax), 0) + (o.shipping_tax * 100))::bigint,
			(coalesce(sum(x.cgst), 0) + (o.shipping_cgst * 100))::bigint,
			(coalesce(sum(x.sgst), 0) + (o.shipping_sgst * 100))::bigint,
			(coalesce(sum(x.igst), 0) + (o.shipping_igst * 100))::bigint,
			coalesce(o.shipping_address ->> 'state', ''), o.discount_code
		FROM o LEFT JOIN x ON true
		GROUP BY o.id, o.invoiced_at, o.total_amount, o.shipping_amount, o.shipping_tax, o.cod_fee,
			o.shipping_cgst, o.shipping_sgst, o.shipping_igst, o.shipping_address, o.discount_code
		ON CONFLICT ("source_id") DO UPDATE SET "at" = EXCLUDED."at"
		RETURNING "source_id", "at"
	)
	INSERT INTO "sales_ledger_lines" ("source_id", "item_id", "at", "product_id", "variant_id", "amount", "units")
	SELECT h.source_id, x.id, h.at, x.product_id, x.variant_id, x.taxable, x.quantity FROM head h, x
	ON CONFLICT ("source_id", "item_id") DO UPDATE SET "at" = EXCLUDED."at";
END $$;
--> statement-breakpoint
-- A payment taken: the money only, on the moment it moved (a COD payment: when the cash was collected).
CREATE OR REPLACE FUNCTION "sales_ledger_record_payment"(of_payment char(24)) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "sales_ledger" ("source_id", "kind", "order_id", "at", "amount", "shipping_state", "discount_code")
	SELECT p.id, 'payment', o.id, p.created_at, (p.amount * 100)::bigint,
		coalesce(o.shipping_address ->> 'state', ''), o.discount_code
	FROM payments p JOIN orders o ON o.id = p.order_id
	WHERE p.id = of_payment AND p.status IN ('completed', 'partially_refunded', 'refunded')
	ON CONFLICT ("source_id") DO UPDATE SET "at" = EXCLUDED."at";
END $$;
--> statement-breakpoint
-- A refund given: the money and its credit note's figures (refund_lines: goods before GST as returns,
-- shipping and the COD fee given back, the GST as the note prints it, the units credited), and its
-- goods lines negative, on the moment it was given. Written again, it is written whole (the lines of
-- a refund made before credit notes had lines are filled in once, after this migration).
CREATE OR REPLACE FUNCTION "sales_ledger_record_refund"(of_refund char(24)) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	WITH l AS (
		SELECT kind, item_id, quantity, (taxable_value * 100)::bigint AS taxable, (cgst * 100)::bigint AS cgst,
			(sgst * 100)::bigint AS sgst, (igst * 100)::bigint AS igst
		FROM refund_lines WHERE refund_id = of_refund
	),
	head AS (
		INSERT INTO "sales_ledger" ("source_id", "kind", "order_id", "at", "amount", "returns", "shipping", "cod_fees",
			"units", "tax", "cgst", "sgst", "igst", "shipping_state", "discount_code")
		SELECT r.id, 'refund', o.id, r.refunded_at, (r.amount * 100)::bigint,
			coalesce(sum(l.taxable) FILTER (WHERE l.kind = 'goods'), 0)::bigint,
			coalesce(sum(l.taxable) FILTER (WHERE l.kind = 'shipping'), 0)::bigint,
			coalesce(sum(l.taxable) FILTER (WHERE l.kind = 'cod_fee'), 0)::bigint,
			coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'goods'), 0)::int,
			coalesce(sum(l.cgst + l.sgst + l.igst), 0)::bigint, coalesce(sum(l.cgst), 0)::bigint,
			coalesce(sum(l.sgst), 0)::bigint, coalesce(sum(l.igst), 0)::bigint,
			coalesce(o.shipping_address ->> 'state', ''), o.discount_code
		FROM refunds r JOIN orders o ON o.id = r.order_id LEFT JOIN l ON true
		WHERE r.id = of_refund AND r.status = 'completed'
		GROUP BY r.id, o.id, r.refunded_at, r.amount, o.shipping_address, o.discount_code
		ON CONFLICT ("source_id") DO UPDATE SET "at" = EXCLUDED."at", "returns" = EXCLUDED."returns",
			"shipping" = EXCLUDED."shipping", "cod_fees" = EXCLUDED."cod_fees", "units" = EXCLUDED."units",
			"tax" = EXCLUDED."tax", "cgst" = EXCLUDED."cgst", "sgst" = EXCLUDED."sgst", "igst" = EXCLUDED."igst"
		RETURNING "source_id", "at"
	)
	INSERT INTO "sales_ledger_lines" ("source_id", "item_id", "at", "product_id", "variant_id", "amount", "units")
	SELECT h.source_id, i.id, h.at, i.product_id, i.variant_id, -sum(l.taxable)::bigint, -sum(l.quantity)::int
	FROM head h, l JOIN order_items i ON i.id = l.item_id
	WHERE l.kind = 'goods'
	GROUP BY h.source_id, h.at, i.id, i.product_id, i.variant_id
	ON CONFLICT ("source_id", "item_id") DO UPDATE SET "at" = EXCLUDED."at", "amount" = EXCLUDED."amount",
		"units" = EXCLUDED."units";
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_ledger_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'orders' THEN
		PERFORM "sales_ledger_record_invoice"(NEW.id);
	ELSIF TG_TABLE_NAME = 'payments' THEN
		IF NEW.status IN ('completed', 'partially_refunded', 'refunded') AND (TG_OP = 'INSERT'
			OR OLD.status NOT IN ('completed', 'partially_refunded', 'refunded') OR OLD.created_at IS DISTINCT FROM NEW.created_at) THEN
			PERFORM "sales_ledger_record_payment"(NEW.id);
		END IF;
	ELSIF NEW.status = 'completed' AND (TG_OP = 'INSERT'
		OR OLD.status <> 'completed' OR OLD.refunded_at IS DISTINCT FROM NEW.refunded_at) THEN
		PERFORM "sales_ledger_record_refund"(NEW.id);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- An invoice is issued when its number is given (at payment, or a COD order's first parcel); its lines
-- exist by then. NOTE: an order inserted with its number already given has no lines yet: give the
-- number after the lines (the demo seed does).
CREATE TRIGGER "orders_sales_ledger" AFTER UPDATE OF "invoice_number", "invoiced_at" ON "orders"
	FOR EACH ROW WHEN (NEW.invoice_number IS NOT NULL AND NEW.invoiced_at IS NOT NULL
		AND (OLD.invoice_number IS DISTINCT FROM NEW.invoice_number OR OLD.invoiced_at IS DISTINCT FROM NEW.invoiced_at))
	EXECUTE FUNCTION "sales_ledger_apply"();
--> statement-breakpoint
ALTER TABLE "orders" ENABLE ALWAYS TRIGGER "orders_sales_ledger";
--> statement-breakpoint
-- A refund recorded as given before its credit note's lines are written (one made in the provider's
-- own dashboard, by its webhook: the refund, then its lines) is written again with them, once per
-- statement of lines; a pending refund's lines wait for its completion (the refunds' trigger).
CREATE FUNCTION "sales_ledger_refund_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "sales_ledger_record_refund"(r.id) FROM "refunds" r
	WHERE r.status = 'completed' AND r.id IN (SELECT DISTINCT refund_id FROM added);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refund_lines_sales_ledger" AFTER INSERT ON "refund_lines"
	REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "sales_ledger_refund_lines"();
--> statement-breakpoint
ALTER TABLE "refund_lines" ENABLE ALWAYS TRIGGER "refund_lines_sales_ledger";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "sales_invoice_cgst"(char(24), bigint);
--> statement-breakpoint
-- The ledger written again from the documents: invoices on their dates, payments and refunds on theirs.
DELETE FROM "sales_ledger";
--> statement-breakpoint
SELECT "sales_ledger_record_invoice"(id) FROM "orders" WHERE invoice_number IS NOT NULL AND invoiced_at IS NOT NULL;
--> statement-breakpoint
SELECT "sales_ledger_record_payment"(id) FROM "payments" WHERE status IN ('completed', 'partially_refunded', 'refunded');
--> statement-breakpoint
SELECT "sales_ledger_record_refund"(id) FROM "refunds" WHERE status = 'completed';
