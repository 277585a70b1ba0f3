DROP INDEX "leads_customer_id_idx";--> statement-breakpoint
CREATE INDEX "leads_customer_id_idx" ON "leads" USING btree ("customer_id","country","seller_id");