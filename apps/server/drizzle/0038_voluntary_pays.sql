CREATE TABLE "voluntary_pays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"loan_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"channel" text DEFAULT 'voluntary' NOT NULL,
	"reference" text NOT NULL,
	"receipt" "bytea" NOT NULL,
	"receipt_type" text NOT NULL,
	"receipt_size" integer NOT NULL,
	"receipt_sha256" text NOT NULL,
	"processed" smallint DEFAULT 0 NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"payment_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voluntary_pays_country_check" CHECK ("country" in ('arg', 'col')),
	CONSTRAINT "voluntary_pays_amount_check" CHECK ("voluntary_pays"."amount" > 0),
	CONSTRAINT "voluntary_pays_processed_check" CHECK ("voluntary_pays"."processed" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "voluntary_pays" ADD CONSTRAINT "voluntary_pays_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voluntary_pays" ADD CONSTRAINT "voluntary_pays_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voluntary_pays" ADD CONSTRAINT "voluntary_pays_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voluntary_pays" ADD CONSTRAINT "voluntary_pays_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voluntary_pays_reference_key" ON "voluntary_pays" USING btree ("country","reference");--> statement-breakpoint
CREATE INDEX "voluntary_pays_queue_idx" ON "voluntary_pays" USING btree ("country","processed","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "voluntary_pays_created_idx" ON "voluntary_pays" USING btree ("country","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "voluntary_pays_loan_idx" ON "voluntary_pays" USING btree ("loan_id");