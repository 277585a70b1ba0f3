CREATE TABLE "collection_promises" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"loan_id" integer NOT NULL,
	"user_id" integer,
	"management_id" bigint,
	"due_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_promises_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "collection_promises_amount_check" CHECK ("collection_promises"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "delinquency_runs" (
	"country" text NOT NULL,
	"run_on" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"loans" integer DEFAULT 0 NOT NULL,
	"stats" jsonb,
	CONSTRAINT "delinquency_runs_country_run_on_pk" PRIMARY KEY("country","run_on")
);
--> statement-breakpoint
CREATE TABLE "installments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"loan_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"late_interest" bigint DEFAULT 0 NOT NULL,
	"late_interest_through" date,
	"paid_principal" bigint DEFAULT 0 NOT NULL,
	"paid_interest" bigint DEFAULT 0 NOT NULL,
	"paid_vat" bigint DEFAULT 0 NOT NULL,
	"paid_late_interest" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installments_country_check" CHECK ("country" in ('arg', 'col'))
);
--> statement-breakpoint
CREATE TABLE "loan_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"loan_id" integer NOT NULL,
	"type" text NOT NULL,
	"user_id" integer,
	"body" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_events_country_check" CHECK ("country" in ('arg', 'col'))
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"lead_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"principal" bigint NOT NULL,
	"term" smallint NOT NULL,
	"rate" numeric(7, 4) NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"late_rate" numeric(7, 4) NOT NULL,
	"disbursed_on" date NOT NULL,
	"first_due_date" date NOT NULL,
	"status" text NOT NULL,
	"outstanding" bigint NOT NULL,
	"overdue_amount" bigint DEFAULT 0 NOT NULL,
	"credit_balance" bigint DEFAULT 0 NOT NULL,
	"days_past_due" integer DEFAULT 0 NOT NULL,
	"bucket" text,
	"in_collections" boolean DEFAULT false NOT NULL,
	"collector_id" integer,
	"assigned_at" timestamp with time zone,
	"next_action_at" timestamp with time zone,
	"promise_due_on" date,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "loans_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "loans_amounts_check" CHECK ("loans"."principal" > 0 and "loans"."outstanding" >= 0 and "loans"."credit_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "managements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"user_id" integer,
	"lead_id" integer,
	"loan_id" integer,
	"channel" text NOT NULL,
	"result" text NOT NULL,
	"note" text,
	"next_action_at" timestamp with time zone,
	"call_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "managements_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "managements_subject_check" CHECK ("managements"."lead_id" is not null or "managements"."loan_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL,
	"installment_id" bigint NOT NULL,
	"late_interest" bigint DEFAULT 0 NOT NULL,
	"interest" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"principal" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"loan_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"channel" text NOT NULL,
	"reference" text NOT NULL,
	"credit_amount" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer,
	"reversal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_management_id_managements_id_fk" FOREIGN KEY ("management_id") REFERENCES "public"."managements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_collector_id_users_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managements" ADD CONSTRAINT "managements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managements" ADD CONSTRAINT "managements_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managements" ADD CONSTRAINT "managements_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managements" ADD CONSTRAINT "managements_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_promises_loan_idx" ON "collection_promises" USING btree ("loan_id","status");--> statement-breakpoint
CREATE INDEX "collection_promises_due_idx" ON "collection_promises" USING btree ("country","due_on") WHERE "collection_promises"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "collection_promises_user_idx" ON "collection_promises" USING btree ("country","user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "installments_loan_number_key" ON "installments" USING btree ("loan_id","number");--> statement-breakpoint
CREATE INDEX "installments_open_due_idx" ON "installments" USING btree ("country","due_date") WHERE "installments"."status" in ('pending', 'partial', 'overdue');--> statement-breakpoint
CREATE INDEX "loan_events_loan_idx" ON "loan_events" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_lead_id_key" ON "loans" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "loans_customer_id_idx" ON "loans" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "loans_collections_idx" ON "loans" USING btree ("country","in_collections","days_past_due" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loans_collector_idx" ON "loans" USING btree ("country","collector_id","days_past_due" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("country","status");--> statement-breakpoint
CREATE INDEX "managements_list_idx" ON "managements" USING btree ("country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "managements_user_idx" ON "managements" USING btree ("country","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "managements_lead_idx" ON "managements" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "managements_loan_idx" ON "managements" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_payment_idx" ON "payment_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_installment_idx" ON "payment_allocations" USING btree ("installment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_channel_reference_key" ON "payments" USING btree ("country","channel","reference");--> statement-breakpoint
CREATE INDEX "payments_loan_id_idx" ON "payments" USING btree ("loan_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_country_paid_on_idx" ON "payments" USING btree ("country","paid_on");