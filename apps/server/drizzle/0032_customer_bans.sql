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
ALTER TABLE "customer_ban_hits" ADD CONSTRAINT "customer_ban_hits_ban_id_customer_bans_id_fk" FOREIGN KEY ("ban_id") REFERENCES "public"."customer_bans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ban_hits" ADD CONSTRAINT "customer_ban_hits_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bans" ADD CONSTRAINT "customer_bans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bans" ADD CONSTRAINT "customer_bans_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_ban_hits_lead_idx" ON "customer_ban_hits" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "customer_bans_lookup_idx" ON "customer_bans" USING btree ("country","kind","value") WHERE "customer_bans"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "customer_bans_country_starts_idx" ON "customer_bans" USING btree ("country","starts_at","id");--> statement-breakpoint
CREATE INDEX "customer_bans_country_expires_idx" ON "customer_bans" USING btree ("country","expires_at","id");