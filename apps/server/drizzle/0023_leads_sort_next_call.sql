-- The lists sorted by next call (the soonest pending call back), leads without one last in both directions:
-- each direction sorts on its own expression (NULL as +infinity ascending, -infinity descending), for staff
-- (the country) and for a seller's own leads (repositories/leads.ts, NEXT_CALL_KEYS).
CREATE INDEX "leads_list_next_call_idx" ON "leads" USING btree ("country",coalesce("next_call_at", 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "leads_list_next_call_desc_idx" ON "leads" USING btree ("country",coalesce("next_call_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "leads_list_seller_next_call_idx" ON "leads" USING btree ("country","seller_id",coalesce("next_call_at", 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "leads_list_seller_next_call_desc_idx" ON "leads" USING btree ("country","seller_id",coalesce("next_call_at", '-infinity'::timestamptz),"id");