ALTER TABLE "customers" ADD COLUMN "bank" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "bank_account" text;