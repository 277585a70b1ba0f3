-- The dashboard's aggregates (issue 4, section 6): status changes into given statuses over time (disbursements
-- per day, conversions, audit queue entry times) and one seller's leads by status, both index-only.
CREATE INDEX "lead_status_history_to_status_idx" ON "lead_status_history" USING btree ("country","to_status","created_at","lead_id");--> statement-breakpoint
CREATE INDEX "leads_seller_status_idx" ON "leads" USING btree ("country","seller_id","status_id");