CREATE TABLE "lead_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"lead_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_documents_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "lead_documents_kind_check" CHECK ("lead_documents"."kind" in ('id_front', 'id_back', 'selfie', 'contract', 'bank_proof')),
	CONSTRAINT "lead_documents_content_type_check" CHECK ("lead_documents"."content_type" in ('image/png', 'image/jpeg', 'application/pdf'))
);
--> statement-breakpoint
ALTER TABLE "lead_events" DROP CONSTRAINT "lead_events_type_check";--> statement-breakpoint
ALTER TABLE "lead_documents" ADD CONSTRAINT "lead_documents_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_documents" ADD CONSTRAINT "lead_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_documents_lead_idx" ON "lead_documents" USING btree ("lead_id","created_at");--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_type_check" CHECK ("lead_events"."type" in ('note', 'management', 'assignment', 'customer', 'call_back', 'call_resolved', 'call_postponed', 'call', 'message', 'document'));