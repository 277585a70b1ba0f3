CREATE TABLE "debt_free_certificates" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"code" text NOT NULL,
	"holder_name" text NOT NULL,
	"document" text NOT NULL,
	"loans" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debt_free_certificates_country_check" CHECK ("country" in ('arg', 'col'))
);
--> statement-breakpoint
CREATE TABLE "debt_free_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"customer_id" integer NOT NULL,
	"lead_id" integer,
	"source" text NOT NULL,
	"processed" smallint DEFAULT 0 NOT NULL,
	"requested_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "debt_free_requests_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "debt_free_requests_processed_check" CHECK ("debt_free_requests"."processed" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "regret_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"regret_id" integer NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"user_id" integer,
	"reason" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"loan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" integer NOT NULL,
	"revocation_code" text NOT NULL,
	"disbursed_on" date NOT NULL,
	"deadline" date NOT NULL,
	"rule" text NOT NULL,
	"amount" bigint NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"order_reference" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "regrets_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "regrets_amounts_check" CHECK ("regrets"."amount" >= 0 and "regrets"."returned" >= 0)
);
--> statement-breakpoint
ALTER TABLE "debt_free_certificates" ADD CONSTRAINT "debt_free_certificates_request_id_debt_free_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."debt_free_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_free_requests" ADD CONSTRAINT "debt_free_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_free_requests" ADD CONSTRAINT "debt_free_requests_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_free_requests" ADD CONSTRAINT "debt_free_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_free_requests" ADD CONSTRAINT "debt_free_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regret_history" ADD CONSTRAINT "regret_history_regret_id_regrets_id_fk" FOREIGN KEY ("regret_id") REFERENCES "public"."regrets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regret_history" ADD CONSTRAINT "regret_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrets" ADD CONSTRAINT "regrets_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrets" ADD CONSTRAINT "regrets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regrets" ADD CONSTRAINT "regrets_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "debt_free_certificates_code_key" ON "debt_free_certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "debt_free_requests_list_idx" ON "debt_free_requests" USING btree ("country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "debt_free_requests_processed_idx" ON "debt_free_requests" USING btree ("country","processed","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "debt_free_requests_customer_idx" ON "debt_free_requests" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "regret_history_regret_idx" ON "regret_history" USING btree ("regret_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "regrets_revocation_code_key" ON "regrets" USING btree ("revocation_code");--> statement-breakpoint
CREATE UNIQUE INDEX "regrets_loan_key" ON "regrets" USING btree ("loan_id") WHERE "regrets"."status" not in (1004, 1013, 2007, 2008);--> statement-breakpoint
CREATE INDEX "regrets_list_idx" ON "regrets" USING btree ("country","deadline","id");--> statement-breakpoint
CREATE INDEX "regrets_status_idx" ON "regrets" USING btree ("country","status","deadline","id");--> statement-breakpoint
CREATE INDEX "regrets_created_idx" ON "regrets" USING btree ("country","created_at","id");