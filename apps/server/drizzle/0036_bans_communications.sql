CREATE TABLE "customer_ban_hits" (
	"ban_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_ban_hits_ban_id_lead_id_pk" PRIMARY KEY("ban_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "customer_bans" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"channel" text,
	"reason" text NOT NULL,
	"notes" text,
	"created_by" integer,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	"lifted_by" integer,
	"lift_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "customer_bans_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "customer_bans_kind_check" CHECK ("customer_bans"."kind" in ('document', 'cellphone', 'email', 'bank_account')),
	CONSTRAINT "customer_bans_channel_check" CHECK ("customer_bans"."channel" in ('sms', 'whatsapp', 'email')),
	CONSTRAINT "customer_bans_lift_check" CHECK (("customer_bans"."lifted_at" is null) = ("customer_bans"."lift_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "customer_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"channel" text NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"template_id" integer,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"customer_id" integer,
	"lead_id" integer,
	"loan_id" integer,
	"user_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"provider_id" text,
	"send_after" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_messages_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "customer_messages_channel_check" CHECK ("customer_messages"."channel" in ('sms', 'whatsapp', 'email')),
	CONSTRAINT "customer_messages_direction_check" CHECK ("customer_messages"."direction" in ('out', 'in')),
	CONSTRAINT "customer_messages_status_check" CHECK ("customer_messages"."status" in ('queued', 'sent', 'delivered', 'failed', 'received'))
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "message_templates_country_check" CHECK ("country" in ('arg', 'col'))
);
--> statement-breakpoint
CREATE TABLE "webhook_signatures" (
	"signature" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_events" DROP CONSTRAINT "lead_events_type_check";--> statement-breakpoint
ALTER TABLE "customer_ban_hits" ADD CONSTRAINT "customer_ban_hits_ban_id_customer_bans_id_fk" FOREIGN KEY ("ban_id") REFERENCES "public"."customer_bans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ban_hits" ADD CONSTRAINT "customer_ban_hits_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bans" ADD CONSTRAINT "customer_bans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bans" ADD CONSTRAINT "customer_bans_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_ban_hits_lead_idx" ON "customer_ban_hits" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "customer_bans_lookup_idx" ON "customer_bans" USING btree ("country","kind","value") WHERE "customer_bans"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "customer_bans_country_starts_idx" ON "customer_bans" USING btree ("country","starts_at","id");--> statement-breakpoint
CREATE INDEX "customer_bans_country_expires_idx" ON "customer_bans" USING btree ("country","expires_at","id");--> statement-breakpoint
CREATE INDEX "customer_messages_country_created_idx" ON "customer_messages" USING btree ("country","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_messages_customer_idx" ON "customer_messages" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_messages_lead_idx" ON "customer_messages" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "customer_messages_queue_idx" ON "customer_messages" USING btree ("send_after") WHERE "customer_messages"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_provider_key" ON "customer_messages" USING btree ("channel","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_country_name_key" ON "message_templates" USING btree ("country","name");--> statement-breakpoint
CREATE INDEX "webhook_signatures_received_idx" ON "webhook_signatures" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_type_check" CHECK ("lead_events"."type" in ('note', 'management', 'assignment', 'customer', 'call_back', 'call_resolved', 'call_postponed', 'call', 'message'));