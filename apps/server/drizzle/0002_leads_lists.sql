CREATE TABLE "lead_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"lead_id" integer NOT NULL,
	"type" text NOT NULL,
	"user_id" integer,
	"body" text,
	"from_value" text,
	"to_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_events_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "lead_events_type_check" CHECK ("lead_events"."type" in ('note', 'management', 'assignment'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate("customers"."doc_number" || ' ' || coalesce("customers"."cuil", '') || ' ' || "customers"."first_name" || ' ' || "customers"."last_name" || ' ' || coalesce("customers"."cellphone", '') || ' ' || coalesce("customers"."email", ''), 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇáàäâãéèëêíìïîóòöôõúùüûñç', 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_id_idx" ON "lead_events" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_events_user_id_idx" ON "lead_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_list_created_idx" ON "leads" USING btree ("country","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_list_updated_idx" ON "leads" USING btree ("country","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_list_amount_idx" ON "leads" USING btree ("country","requested_amount","id");--> statement-breakpoint
CREATE INDEX "leads_list_status_idx" ON "leads" USING btree ("country","status_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_list_seller_idx" ON "leads" USING btree ("country","seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_list_management_idx" ON "leads" USING btree ("country","management_status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_filter_status_management_amount_idx" ON "leads" USING btree ("country","status_id","management_status","requested_amount");