CREATE TABLE "webhook_deliveries" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"endpoint_id" char(24) NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"response_status" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_event_type_check" CHECK ("webhook_deliveries"."event_type" in ('order.created', 'order.paid', 'order.status_changed', 'order.refunded', 'shipment.created', 'product.created', 'product.updated', 'product.deleted', 'inventory.low', 'customer.created')),
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"healthy_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_events_check" CHECK (cardinality("webhook_endpoints"."events") > 0 and "webhook_endpoints"."events" <@ array['order.created', 'order.paid', 'order.status_changed', 'order.refunded', 'shipment.created', 'product.created', 'product.updated', 'product.deleted', 'inventory.low', 'customer.created']::text[])
);
--> statement-breakpoint
ALTER TABLE "emails" DROP CONSTRAINT "emails_kind_check";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_at_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_at_idx" ON "webhook_endpoints" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_kind_check" CHECK ("emails"."kind" in ('passwordReset', 'passwordChanged', 'emailChanged', 'welcome', 'orderPlaced', 'orderCodConfirmed', 'paymentReceived', 'orderShipped', 'orderDelivered', 'orderCancelled', 'orderRefunded', 'returnUpdate', 'webhookDisabled'));--> statement-breakpoint
-- Added by hand to the generated file (docs/decisions/024-webhooks.md): how an event becomes
-- deliveries, the data of each event, and the triggers that raise the order, shipment, stock and
-- customer events in the transaction of the change, whichever code path makes it (the checkout's
-- statements, the sweeps, the payment providers' webhooks, the returns): no statement is added to
-- a request. The product events are raised by the products service with webhook_enqueue.
--
-- An id in the layout of the API's (core/ids.ts): the time in seconds, then 16 random hex digits.
CREATE FUNCTION "webhook_new_id"() RETURNS char(24) LANGUAGE sql VOLATILE AS $$
  SELECT (lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0')
    || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16))::char(24)
$$;
--> statement-breakpoint
-- A time as the API writes it (JavaScript's toISOString: UTC, milliseconds, "Z").
CREATE FUNCTION "webhook_time"(at timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
-- Whether any enabled endpoint asked for the event: a trigger builds the event's data only then.
CREATE FUNCTION "webhook_wanted"(event text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled AND event = ANY (events))
$$;
--> statement-breakpoint
-- Writes one delivery of the event `{ type, timestamp, data }` to each enabled endpoint that asked
-- for it, and tells every instance's sender at commit (NOTIFY shop_webhooks); answers how many.
CREATE FUNCTION "webhook_enqueue"(event text, data jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  happened text := webhook_time(clock_timestamp());
  queued integer;
BEGIN
  IF data IS NULL THEN
    RETURN 0;
  END IF;
  INSERT INTO webhook_deliveries (id, endpoint_id, event_type, payload)
  SELECT webhook_new_id(), e.id, event, jsonb_build_object('type', event, 'timestamp', happened, 'data', data)
  FROM webhook_endpoints e
  WHERE e.enabled AND event = ANY (e.events);
  GET DIAGNOSTICS queued = ROW_COUNT;
  IF queued > 0 THEN
    PERFORM pg_notify('shop_webhooks', '');
  END IF;
  RETURN queued;
END $$;
--> statement-breakpoint
-- An order as its events carry it (packages/shared WebhookOrder); null when there is no such order.
CREATE FUNCTION "webhook_order"(of_order char(24)) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    '_id', o.id, 'number', o.number, 'status', o.status, 'currency', o.currency,
    'subTotal', o.sub_total, 'discountAmount', o.discount_amount, 'shippingAmount', o.shipping_amount,
    'taxAmount', o.tax_amount, 'codFee', o.cod_fee, 'totalAmount', o.total_amount,
    'invoiceNumber', o.invoice_number,
    'customer', jsonb_build_object('_id', u.id, 'email', u.email, 'firstName', u.first_name,
      'lastName', u.last_name),
    'shippingAddress', o.shipping_address,
    'payment', (SELECT jsonb_build_object('_id', p.id, 'status', p.status, 'gateway', p.payment_gateway,
        'amount', p.amount, 'refundedAmount', p.refunded_amount, 'transactionId', p.transaction_id)
      FROM payments p WHERE p.id = o.payment_id),
    'lines', coalesce((SELECT jsonb_agg(jsonb_build_object('_id', i.id, 'product', i.product_id,
        'variant', i.variant_id, 'sku', i.variant_sku, 'name', i.name, 'options', i.variant_options,
        'quantity', i.quantity, 'price', i.price) ORDER BY i.id)
      FROM order_items i WHERE i.order_id = o.id), '[]'::jsonb),
    'createdAt', webhook_time(o.created_at), 'updatedAt', webhook_time(o.updated_at))
  FROM orders o JOIN users u ON u.id = o.user_id
  WHERE o.id = of_order
$$;
--> statement-breakpoint
-- A product as its events carry it (packages/shared WebhookProduct), with its current variants.
CREATE FUNCTION "webhook_product"(of_product char(24)) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    '_id', p.id, 'name', p.name, 'description', p.description, 'isActive', p.is_active,
    'price', p.price, 'onSale', p.on_sale, 'salePrice', p.sale_price, 'stock', p.stock,
    'category', jsonb_build_object('_id', c.id, 'name', c.name, 'slug', c.slug),
    'options', p.options,
    'variants', coalesce((SELECT jsonb_agg(jsonb_build_object('_id', v.id, 'sku', v.sku,
        'options', v.options, 'price', v.price, 'onSale', v.on_sale, 'salePrice', v.sale_price,
        'stock', v.stock, 'isActive', v.is_active) ORDER BY v.position, v.id)
      FROM product_variants v WHERE v.product_id = p.id AND v.removed_at IS NULL), '[]'::jsonb),
    'createdAt', webhook_time(p.created_at), 'updatedAt', webhook_time(p.updated_at))
  FROM products p JOIN categories c ON c.id = p.category_id
  WHERE p.id = of_product
$$;
--> statement-breakpoint
-- The order events are raised when the transaction commits (deferred constraint triggers), so that
-- each carries the order as the whole change left it: its lines, payment, invoice number, parcels.
CREATE FUNCTION "webhook_order_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_wanted('order.created') THEN
    PERFORM webhook_enqueue('order.created', jsonb_build_object('order', webhook_order(NEW.id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "webhook_order_created" AFTER INSERT ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION webhook_order_created();
--> statement-breakpoint
CREATE FUNCTION "webhook_order_status_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current jsonb;
BEGIN
  IF webhook_wanted('order.status_changed') THEN
    current := webhook_order(NEW.id);
    IF current IS NOT NULL THEN
      PERFORM webhook_enqueue('order.status_changed',
        jsonb_build_object('order', current, 'previousStatus', OLD.status));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "webhook_order_status_changed" AFTER UPDATE OF status ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION webhook_order_status_changed();
--> statement-breakpoint
-- Paid and refunded are read from the order's history, the one row every way of paying (the
-- checkout's statement, PayPal's webhook, cash collected) and of refunding (staff, PayPal's
-- dashboard, a return) appends. The refund is the order's latest completed one of that amount.
CREATE FUNCTION "webhook_order_history"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current jsonb;
BEGIN
  IF NEW.type = 'paid' AND webhook_wanted('order.paid') THEN
    current := webhook_order(NEW.order_id);
    IF current IS NOT NULL THEN
      PERFORM webhook_enqueue('order.paid', jsonb_build_object('order', current));
    END IF;
  ELSIF NEW.type = 'refunded' AND webhook_wanted('order.refunded') THEN
    current := webhook_order(NEW.order_id);
    IF current IS NOT NULL THEN
      PERFORM webhook_enqueue('order.refunded', jsonb_build_object('order', current, 'refund', coalesce(
        (SELECT jsonb_build_object('_id', r.id, 'amount', r.amount, 'reason', r.reason,
            'creditNoteNumber', r.credit_note_number)
          FROM refunds r
          WHERE r.order_id = NEW.order_id AND r.status = 'completed' AND r.amount = NEW.amount
          ORDER BY r.refunded_at DESC NULLS LAST, r.id DESC LIMIT 1),
        jsonb_build_object('_id', NEW.id, 'amount', NEW.amount, 'reason', coalesce(NEW.note, ''),
          'creditNoteNumber', NULL))));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "webhook_order_history" AFTER INSERT ON "order_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.type IN ('paid', 'refunded'))
  EXECUTE FUNCTION webhook_order_history();
--> statement-breakpoint
CREATE FUNCTION "webhook_shipment_created"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current jsonb;
BEGIN
  IF webhook_wanted('shipment.created') THEN
    current := webhook_order(NEW.order_id);
    IF current IS NOT NULL THEN
      PERFORM webhook_enqueue('shipment.created', jsonb_build_object('order', current, 'shipment',
        jsonb_build_object('_id', NEW.id, 'carrier', NEW.carrier, 'trackingNumber', NEW.tracking_number,
          'trackingUrl', NEW.tracking_url, 'shippedAt', webhook_time(NEW.shipped_at),
          'lines', coalesce((SELECT jsonb_agg(jsonb_build_object('line', l.item_id, 'quantity', l.quantity)
              ORDER BY l.item_id)
            FROM order_shipment_lines l WHERE l.shipment_id = NEW.id), '[]'::jsonb))));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "webhook_shipment_created" AFTER INSERT ON "order_shipments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION webhook_shipment_created();
--> statement-breakpoint
-- A variant's stock falling to the owner's low-stock threshold or below it (from above), whatever
-- took it: a placement, an adjustment, an import. The threshold is the settings' inventory section,
-- else LOW_STOCK_THRESHOLD of packages/shared (10; webhooks/events.test.ts holds the two equal).
CREATE FUNCTION "webhook_inventory_low"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  threshold integer;
BEGIN
  IF NEW.removed_at IS NOT NULL OR NOT webhook_wanted('inventory.low') THEN
    RETURN NULL;
  END IF;
  SELECT CASE WHEN jsonb_typeof(s.value -> 'lowStockThreshold') = 'number'
      THEN (s.value ->> 'lowStockThreshold')::numeric::integer END
    INTO threshold FROM settings s WHERE s.section = 'inventory';
  threshold := coalesce(threshold, 10);
  IF OLD.stock > threshold AND NEW.stock <= threshold THEN
    PERFORM webhook_enqueue('inventory.low', (SELECT jsonb_build_object(
      'product', jsonb_build_object('_id', p.id, 'name', p.name),
      'variant', jsonb_build_object('_id', NEW.id, 'sku', NEW.sku, 'options', NEW.options, 'stock', NEW.stock),
      'threshold', threshold) FROM products p WHERE p.id = NEW.product_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_inventory_low" AFTER UPDATE OF stock ON "product_variants"
  FOR EACH ROW WHEN (NEW.stock < OLD.stock) EXECUTE FUNCTION webhook_inventory_low();
--> statement-breakpoint
CREATE FUNCTION "webhook_customer_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_wanted('customer.created') THEN
    PERFORM webhook_enqueue('customer.created', jsonb_build_object('customer', jsonb_build_object(
      '_id', NEW.id, 'email', NEW.email, 'firstName', NEW.first_name, 'lastName', NEW.last_name,
      'createdAt', webhook_time(NEW.created_at))));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "webhook_customer_created" AFTER INSERT ON "users"
  FOR EACH ROW WHEN (NEW.role = 'customer') EXECUTE FUNCTION webhook_customer_created();
