CREATE TABLE "collection_customer_words" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"search_words" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_customer_words" ADD CONSTRAINT "collection_customer_words_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_customer_words_search_words_idx" ON "collection_customer_words" USING gin ("search_words") WITH (fastupdate=false);--> statement-breakpoint
-- A loan's row follows its in_collections (and its customer): every loan one statement wrote is handled at
-- once from the statement's transition tables, so the delinquency run moving tens of thousands of loans
-- costs two set-based statements, not a call per loan.
CREATE FUNCTION collection_customer_words_follow_loans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM collection_customer_words w
     USING old_loans o JOIN new_loans n ON n.id = o.id
     WHERE w.loan_id = o.id AND o.in_collections
       AND (NOT n.in_collections OR n.customer_id <> o.customer_id OR n.country <> o.country);
    INSERT INTO collection_customer_words (loan_id, country, search_words)
    SELECT n.id, n.country, c.search_words
      FROM new_loans n JOIN old_loans o ON o.id = n.id JOIN customers c ON c.id = n.customer_id
     WHERE n.in_collections AND (NOT o.in_collections OR n.customer_id <> o.customer_id OR n.country <> o.country)
    ON CONFLICT (loan_id) DO UPDATE SET country = excluded.country, search_words = excluded.search_words;
  ELSE
    INSERT INTO collection_customer_words (loan_id, country, search_words)
    SELECT n.id, n.country, c.search_words FROM new_loans n JOIN customers c ON c.id = n.customer_id WHERE n.in_collections;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER loans_collection_words_insert AFTER INSERT ON loans REFERENCING NEW TABLE AS new_loans
FOR EACH STATEMENT EXECUTE FUNCTION collection_customer_words_follow_loans();
--> statement-breakpoint
CREATE TRIGGER loans_collection_words_update AFTER UPDATE ON loans REFERENCING OLD TABLE AS old_loans NEW TABLE AS new_loans
FOR EACH STATEMENT EXECUTE FUNCTION collection_customer_words_follow_loans();
--> statement-breakpoint
-- A change of a customer's words (names, email) rewrites its loans' rows.
CREATE FUNCTION collection_customer_words_follow_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE collection_customer_words w SET search_words = NEW.search_words
    FROM loans l WHERE l.customer_id = NEW.id AND l.in_collections AND w.loan_id = l.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_collection_words_update AFTER UPDATE ON customers FOR EACH ROW
WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words)
EXECUTE FUNCTION collection_customer_words_follow_customer();
--> statement-breakpoint
INSERT INTO collection_customer_words (loan_id, country, search_words)
SELECT l.id, l.country, c.search_words FROM loans l JOIN customers c ON c.id = l.customer_id WHERE l.in_collections;
