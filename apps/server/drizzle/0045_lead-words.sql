CREATE TABLE "lead_words" (
	"lead_id" integer NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"country" text NOT NULL,
	"seller_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_words_lead_id_word_pk" PRIMARY KEY("lead_id","word")
);
--> statement-breakpoint
-- The rows of the leads there are, before the list indexes are built over them.
INSERT INTO lead_words (lead_id, word, country, seller_id, created_at)
SELECT l.id, w.word, l.country, l.seller_id, l.created_at
  FROM leads l JOIN customers c ON c.id = l.customer_id, unnest(tsvector_to_array(c.search_words)) AS w(word);
--> statement-breakpoint
ALTER TABLE "lead_words" ADD CONSTRAINT "lead_words_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_words_list_idx" ON "lead_words" USING btree ("country","word","created_at" DESC NULLS FIRST,"lead_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lead_words_seller_idx" ON "lead_words" USING btree ("country","seller_id","word","created_at" DESC NULLS FIRST,"lead_id" DESC NULLS FIRST);--> statement-breakpoint
-- New leads, a statement at a time (a bulk load or import writes each statement's rows in one insert).
CREATE FUNCTION lead_words_follow_new_leads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_words (lead_id, word, country, seller_id, created_at)
  SELECT n.id, w.word, n.country, n.seller_id, n.created_at
    FROM new_leads n JOIN customers c ON c.id = n.customer_id, unnest(tsvector_to_array(c.search_words)) AS w(word);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER leads_words_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_leads
FOR EACH STATEMENT EXECUTE FUNCTION lead_words_follow_new_leads();
--> statement-breakpoint
-- A lead's rows follow its customer, seller, country and creation time; any other update of a lead (a
-- status, a management) skips the trigger altogether (its WHEN).
CREATE FUNCTION lead_words_follow_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.customer_id <> OLD.customer_id OR NEW.country <> OLD.country OR NEW.created_at <> OLD.created_at THEN
    DELETE FROM lead_words WHERE lead_id = OLD.id;
    INSERT INTO lead_words (lead_id, word, country, seller_id, created_at)
    SELECT NEW.id, w.word, NEW.country, NEW.seller_id, NEW.created_at
      FROM customers c, unnest(tsvector_to_array(c.search_words)) AS w(word) WHERE c.id = NEW.customer_id;
  ELSE
    UPDATE lead_words SET seller_id = NEW.seller_id WHERE lead_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER leads_words_update AFTER UPDATE ON leads FOR EACH ROW
WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.seller_id IS DISTINCT FROM NEW.seller_id
  OR OLD.country IS DISTINCT FROM NEW.country OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION lead_words_follow_lead();
--> statement-breakpoint
-- A change of a customer's words (names, email) rewrites its leads' rows.
CREATE FUNCTION lead_words_follow_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lead_words w USING leads l WHERE l.customer_id = NEW.id AND w.lead_id = l.id;
  INSERT INTO lead_words (lead_id, word, country, seller_id, created_at)
  SELECT l.id, w.word, l.country, l.seller_id, l.created_at
    FROM leads l, unnest(tsvector_to_array(NEW.search_words)) AS w(word) WHERE l.customer_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_lead_words_update AFTER UPDATE ON customers FOR EACH ROW
WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words)
EXECUTE FUNCTION lead_words_follow_customer();
