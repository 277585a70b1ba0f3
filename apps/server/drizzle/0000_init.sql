CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"doc_type" text NOT NULL,
	"doc_number" text NOT NULL,
	"cuil" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"cellphone" text,
	"email" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "customers_country_check" CHECK ("country" in ('arg', 'col'))
);
--> statement-breakpoint
CREATE TABLE "error_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"country" text,
	"message" text NOT NULL,
	"stack" text,
	"info" text,
	"path" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"lead_id" integer NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"user_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_status_history_country_check" CHECK ("country" in ('arg', 'col'))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"customer_id" integer NOT NULL,
	"requested_amount" bigint NOT NULL,
	"term" smallint NOT NULL,
	"offered_amount" bigint,
	"rate" numeric(7, 4),
	"status_id" integer NOT NULL,
	"source" text NOT NULL,
	"seller_id" integer,
	"management_status" text,
	"data_rate" smallint,
	"next_call_at" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "leads_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "leads_amounts_check" CHECK ("leads"."requested_amount" > 0 and ("leads"."offered_amount" is null or "leads"."offered_amount" > 0)),
	CONSTRAINT "leads_data_rate_check" CHECK ("leads"."data_rate" is null or "leads"."data_rate" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"country" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_country_check" CHECK ("country" in ('arg', 'col'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"neotel_id" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "users_country_check" CHECK ("country" in ('arg', 'col'))
);
--> statement-breakpoint
ALTER TABLE "error_logs" ADD CONSTRAINT "error_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_history" ADD CONSTRAINT "lead_status_history_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_history" ADD CONSTRAINT "lead_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_country_doc_number_key" ON "customers" USING btree ("country","doc_number");--> statement-breakpoint
CREATE INDEX "error_logs_user_id_idx" ON "error_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "error_logs_created_at_idx" ON "error_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lead_status_history_lead_id_idx" ON "lead_status_history" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_status_history_user_id_idx" ON "lead_status_history" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "leads_customer_id_idx" ON "leads" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "leads_seller_id_idx" ON "leads" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "login_failures" USING btree ("country","email","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_country_email_key" ON "users" USING btree ("country","email");--> statement-breakpoint
CREATE INDEX "users_country_role_idx" ON "users" USING btree ("country","role");