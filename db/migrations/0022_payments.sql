-- Payments by mobile money: a payment per purchase (a listing fee or a boost), its history, the
-- ledger every total is summed from, and its refunds. A listing knows where it stands with its
-- fee and until when a boost features it.
CREATE TABLE "payment_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_id" uuid,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"entry" text NOT NULL,
	"amount" bigint NOT NULL,
	"product" text NOT NULL,
	"network" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_ledger_sign_check" CHECK ((entry = 'charge' and amount > 0) or (entry = 'refund' and amount < 0))
);--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_ending_purchase" boolean NOT NULL,
	"failure_reason" text,
	"provider_message" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_status_check" CHECK (status in ('pending', 'successful', 'failed')),
	CONSTRAINT "payment_refunds_amount_check" CHECK (amount > 0)
);--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "payments_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payer_id" uuid,
	"idempotency_key" text NOT NULL,
	"product" text NOT NULL,
	"boost_days" integer,
	"listing_kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"listing_title" text NOT NULL,
	"amount" bigint NOT NULL,
	"network" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"provider_message" text,
	"provider_transaction_id" text,
	"requested_at" timestamp with time zone,
	"check_count" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_product_check" CHECK (product in ('listingFee', 'boost')),
	CONSTRAINT "payments_network_check" CHECK (network in ('mtn', 'airtel')),
	CONSTRAINT "payments_status_check" CHECK (status in ('pending', 'successful', 'failed', 'expired', 'refunded')),
	CONSTRAINT "payments_locale_check" CHECK (locale in ('rw', 'en', 'fr')),
	CONSTRAINT "payments_kind_check" CHECK (listing_kind in ('property', 'asset')),
	CONSTRAINT "payments_amount_check" CHECK (amount > 0 and refunded_amount >= 0 and refunded_amount <= amount),
	CONSTRAINT "payments_boost_days_check" CHECK ((product = 'boost') = (boost_days is not null) and (boost_days is null or boost_days > 0))
);--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "fee_state" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "featured_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "fee_state" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "featured_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "payment_ledger_created_idx" ON "payment_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_ledger_payment_idx" ON "payment_ledger" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_number_idx" ON "payments" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payer_key_idx" ON "payments" USING btree ("payer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_listing_waiting_idx" ON "payments" USING btree ("listing_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_listing_fee_paid_idx" ON "payments" USING btree ("listing_id") WHERE product = 'listingFee' and status = 'successful';--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_phone_idx" ON "payments" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("checked_at") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_fee_state_check" CHECK (fee_state is null or fee_state in ('due', 'paid', 'waived'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_fee_state_check" CHECK (fee_state is null or fee_state in ('due', 'paid', 'waived'));--> statement-breakpoint
CREATE INDEX "properties_published_featured_idx" ON "properties" USING btree ("featured_until") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null and featured_until is not null;--> statement-breakpoint
CREATE INDEX "assets_published_featured_idx" ON "assets" USING btree ("featured_until") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null and featured_until is not null;--> statement-breakpoint
CREATE TABLE "boost_reminders" (
	"listing_id" uuid NOT NULL,
	"featured_until" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boost_reminders_listing_id_featured_until_pk" PRIMARY KEY("listing_id","featured_until")
);--> statement-breakpoint
CREATE TABLE "payment_mismatches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"our_status" text NOT NULL,
	"provider_status" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);--> statement-breakpoint
ALTER TABLE "payment_mismatches" ADD CONSTRAINT "payment_mismatches_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mismatches" ADD CONSTRAINT "payment_mismatches_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_mismatches_open_idx" ON "payment_mismatches" USING btree ("payment_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "payment_mismatches_found_idx" ON "payment_mismatches" USING btree ("found_at" DESC NULLS LAST);
