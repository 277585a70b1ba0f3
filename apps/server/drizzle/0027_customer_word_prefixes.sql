CREATE TABLE "customer_word_prefixes" (
	"country" text NOT NULL,
	"prefix" text NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "customer_word_prefixes_country_prefix_customer_id_pk" PRIMARY KEY("country","prefix","customer_id")
);
--> statement-breakpoint
ALTER TABLE "customer_word_prefixes" ADD CONSTRAINT "customer_word_prefixes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The first three letters of each word of a customers.search_words (repositories/searcher.ts reads them
-- newest customer first). Immutable, as search_words itself.
CREATE FUNCTION search_word_prefixes(words tsvector) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(DISTINCT left(word, 3)), '{}') FROM unnest(tsvector_to_array(words)) AS word
$$;
--> statement-breakpoint
-- customer_word_prefixes follows customers: a new customer's rows, and on a change of its words (names,
-- email) or country the old rows (found through the primary key by the old prefixes) replaced.
CREATE FUNCTION customer_word_prefixes_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM customer_word_prefixes
     WHERE country = OLD.country AND prefix = ANY (search_word_prefixes(OLD.search_words)) AND customer_id = OLD.id;
  END IF;
  INSERT INTO customer_word_prefixes (country, prefix, customer_id)
  SELECT NEW.country, prefix, NEW.id FROM unnest(search_word_prefixes(NEW.search_words)) AS prefix;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_word_prefixes_insert AFTER INSERT ON customers FOR EACH ROW EXECUTE FUNCTION customer_word_prefixes_follow();
--> statement-breakpoint
-- The WHEN clause keeps every other change of a customer (phone, bank account…) from calling the function.
CREATE TRIGGER customers_word_prefixes_update AFTER UPDATE ON customers FOR EACH ROW
WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words OR OLD.country IS DISTINCT FROM NEW.country)
EXECUTE FUNCTION customer_word_prefixes_follow();
--> statement-breakpoint
INSERT INTO customer_word_prefixes (country, prefix, customer_id)
SELECT c.country, p.prefix, c.id FROM customers c, unnest(search_word_prefixes(c.search_words)) AS p(prefix);
