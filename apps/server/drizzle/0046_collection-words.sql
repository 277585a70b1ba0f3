DROP TRIGGER "loans_collection_words_insert" ON "loans";--> statement-breakpoint
DROP TRIGGER "loans_collection_words_update" ON "loans";--> statement-breakpoint
DROP TRIGGER "customers_collection_words_update" ON "customers";--> statement-breakpoint
DROP FUNCTION collection_customer_words_follow_loans();--> statement-breakpoint
DROP FUNCTION collection_customer_words_follow_customer();--> statement-breakpoint
DROP TABLE "collection_customer_words" CASCADE;--> statement-breakpoint
-- Days past due order becomes overdue_since's: the three indexes are built again over it, after the backfill.
DROP INDEX "loans_collections_idx";--> statement-breakpoint
DROP INDEX "loans_collector_idx";--> statement-breakpoint
DROP INDEX "loans_collections_bucket_idx";--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "overdue_since" date;--> statement-breakpoint
-- The oldest unpaid installment past due of each loan past due (as the delinquency run sets it from now on).
UPDATE loans l SET overdue_since = coalesce(
    (SELECT min(i.due_date) FROM installments i
      WHERE i.loan_id = l.id AND i.status IN ('pending', 'partial', 'overdue') AND i.due_date < current_date),
    current_date - l.days_past_due)
 WHERE l.days_past_due > 0 OR l.in_collections;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_collections_overdue_check" CHECK (not "loans"."in_collections" or "loans"."overdue_since" is not null);--> statement-breakpoint
CREATE INDEX "loans_collections_idx" ON "loans" USING btree ("country","in_collections","overdue_since","id");--> statement-breakpoint
CREATE INDEX "loans_collector_idx" ON "loans" USING btree ("country","collector_id","overdue_since","id");--> statement-breakpoint
CREATE INDEX "loans_collections_bucket_idx" ON "loans" USING btree ("country","bucket","overdue_since","id") WHERE "loans"."in_collections";--> statement-breakpoint
CREATE TABLE "collection_words" (
	"loan_id" integer NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"country" text NOT NULL,
	"overdue_since" date NOT NULL,
	CONSTRAINT "collection_words_loan_id_word_pk" PRIMARY KEY("loan_id","word")
);
--> statement-breakpoint
-- The rows of the loans in collections there are, before the list index is built over them.
INSERT INTO collection_words (loan_id, word, country, overdue_since)
SELECT l.id, w.word, l.country, l.overdue_since
  FROM loans l JOIN customers c ON c.id = l.customer_id, unnest(tsvector_to_array(c.search_words)) AS w(word)
 WHERE l.in_collections;--> statement-breakpoint
ALTER TABLE "collection_words" ADD CONSTRAINT "collection_words_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_words_list_idx" ON "collection_words" USING btree ("country","word","overdue_since","loan_id");--> statement-breakpoint
-- A loan's rows follow its in_collections, customer, country and overdue_since: every loan one statement
-- wrote is handled at once from the statement's transition tables, so the delinquency run moving tens of
-- thousands of loans costs two set-based statements, not a call per loan.
CREATE FUNCTION collection_words_follow_loans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM collection_words w
     USING old_loans o JOIN new_loans n ON n.id = o.id
     WHERE w.loan_id = o.id AND o.in_collections
       AND (NOT n.in_collections OR n.customer_id <> o.customer_id OR n.country <> o.country
         OR n.overdue_since IS DISTINCT FROM o.overdue_since);
    INSERT INTO collection_words (loan_id, word, country, overdue_since)
    SELECT n.id, w.word, n.country, n.overdue_since
      FROM new_loans n JOIN old_loans o ON o.id = n.id JOIN customers c ON c.id = n.customer_id,
           unnest(tsvector_to_array(c.search_words)) AS w(word)
     WHERE n.in_collections AND (NOT o.in_collections OR n.customer_id <> o.customer_id OR n.country <> o.country
         OR n.overdue_since IS DISTINCT FROM o.overdue_since);
  ELSE
    INSERT INTO collection_words (loan_id, word, country, overdue_since)
    SELECT n.id, w.word, n.country, n.overdue_since
      FROM new_loans n JOIN customers c ON c.id = n.customer_id, unnest(tsvector_to_array(c.search_words)) AS w(word)
     WHERE n.in_collections;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER loans_collection_words_insert AFTER INSERT ON loans REFERENCING NEW TABLE AS new_loans
FOR EACH STATEMENT EXECUTE FUNCTION collection_words_follow_loans();
--> statement-breakpoint
CREATE TRIGGER loans_collection_words_update AFTER UPDATE ON loans REFERENCING OLD TABLE AS old_loans NEW TABLE AS new_loans
FOR EACH STATEMENT EXECUTE FUNCTION collection_words_follow_loans();
--> statement-breakpoint
-- A change of a customer's words (names, email) rewrites its loans' rows.
CREATE FUNCTION collection_words_follow_customer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM collection_words w USING loans l WHERE l.customer_id = NEW.id AND w.loan_id = l.id;
  INSERT INTO collection_words (loan_id, word, country, overdue_since)
  SELECT l.id, w.word, l.country, l.overdue_since
    FROM loans l, unnest(tsvector_to_array(NEW.search_words)) AS w(word)
   WHERE l.customer_id = NEW.id AND l.in_collections;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_collection_words_update AFTER UPDATE ON customers FOR EACH ROW
WHEN (OLD.search_words IS DISTINCT FROM NEW.search_words)
EXECUTE FUNCTION collection_words_follow_customer();
