DROP INDEX "customers_country_doc_number_key";--> statement-breakpoint
CREATE UNIQUE INDEX "customers_country_doc_type_doc_number_key" ON "customers" USING btree ("country","doc_type","doc_number");