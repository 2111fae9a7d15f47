-- Written by hand: states are India's 36 states and union territories as the GST portal names
-- them (packages/shared/src/india.ts). A saved address's state typed in any case and spacing takes the
-- listed spelling; one that matches none stays as typed (the API shows it as needing a state, and no order
-- can go to it until its shopper picks one). The same for the settings' store state and shipping methods'
-- states (JSON in the settings table, migration 0020).
CREATE TABLE "indian_states_0033" ("code" text PRIMARY KEY NOT NULL, "name" text NOT NULL);
--> statement-breakpoint
INSERT INTO "indian_states_0033" ("code", "name") VALUES
    ('01', 'Jammu and Kashmir'),
    ('02', 'Himachal Pradesh'),
    ('03', 'Punjab'),
    ('04', 'Chandigarh'),
    ('05', 'Uttarakhand'),
    ('06', 'Haryana'),
    ('07', 'Delhi'),
    ('08', 'Rajasthan'),
    ('09', 'Uttar Pradesh'),
    ('10', 'Bihar'),
    ('11', 'Sikkim'),
    ('12', 'Arunachal Pradesh'),
    ('13', 'Nagaland'),
    ('14', 'Manipur'),
    ('15', 'Mizoram'),
    ('16', 'Tripura'),
    ('17', 'Meghalaya'),
    ('18', 'Assam'),
    ('19', 'West Bengal'),
    ('20', 'Jharkhand'),
    ('21', 'Odisha'),
    ('22', 'Chhattisgarh'),
    ('23', 'Madhya Pradesh'),
    ('24', 'Gujarat'),
    ('26', 'Dadra and Nagar Haveli and Daman and Diu'),
    ('27', 'Maharashtra'),
    ('29', 'Karnataka'),
    ('30', 'Goa'),
    ('31', 'Lakshadweep'),
    ('32', 'Kerala'),
    ('33', 'Tamil Nadu'),
    ('34', 'Puducherry'),
    ('35', 'Andaman and Nicobar Islands'),
    ('36', 'Telangana'),
    ('37', 'Andhra Pradesh'),
    ('38', 'Ladakh');
--> statement-breakpoint
-- The listed name a state means: compared in lower case, its runs of spaces (tabs, newlines) made one
-- and trimmed, as normaliseState does.
CREATE FUNCTION "listed_state_0033"(typed text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT "name" FROM "indian_states_0033"
  WHERE lower("name") = lower(trim(regexp_replace(typed, '\s+', ' ', 'g')))
$$;
--> statement-breakpoint
UPDATE "addresses" SET "state" = "listed_state_0033"("state")
WHERE "listed_state_0033"("state") IS NOT NULL AND "state" <> "listed_state_0033"("state");
--> statement-breakpoint
-- The seller's state: its listed name; one that matches none is the state its GSTIN is registered in
-- (a GSTIN's first two digits are its state's code, GST.md); else as typed.
UPDATE "settings" SET "value" = jsonb_set("value", '{state}', to_jsonb(coalesce(
    "listed_state_0033"("value" ->> 'state'),
    (SELECT "name" FROM "indian_states_0033" WHERE "code" = left("value" ->> 'gstin', 2)),
    "value" ->> 'state')))
WHERE "section" = 'store' AND jsonb_typeof("value" -> 'state') = 'string';
--> statement-breakpoint
-- A shipping method's states: each by its listed name, once, in the order first named. A name that
-- matches none served no address before (none was spelt so) and can serve none now: it is left out;
-- a method left with no state served nobody, and stays so as a disabled method.
UPDATE "settings" SET "value" = jsonb_set("value", '{methods}', (
    SELECT coalesce(jsonb_agg(
      CASE
        WHEN jsonb_typeof("method" -> 'states') <> 'array' THEN "method"
        WHEN "listed" IS NULL THEN "method" || '{"states": null, "enabled": false}'::jsonb
        ELSE jsonb_set("method", '{states}', "listed")
      END ORDER BY "position"), '[]'::jsonb)
    FROM jsonb_array_elements("value" -> 'methods') WITH ORDINALITY AS "m"("method", "position")
    CROSS JOIN LATERAL (
      SELECT jsonb_agg("name" ORDER BY "first") AS "listed"
      FROM (
        SELECT "listed_state_0033"("typed") AS "name", min("n") AS "first"
        FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof("method" -> 'states') = 'array'
          THEN "method" -> 'states' ELSE '[]'::jsonb END) WITH ORDINALITY AS "s"("typed", "n")
        GROUP BY 1
      ) AS "named"
      WHERE "name" IS NOT NULL
    ) AS "states"))
WHERE "section" = 'shipping' AND jsonb_typeof("value" -> 'methods') = 'array';
--> statement-breakpoint
DROP FUNCTION "listed_state_0033"(text);
--> statement-breakpoint
DROP TABLE "indian_states_0033";
