CREATE TABLE "listing_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"listing_kind" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"reporter_id" uuid,
	"reporter_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_reports_reason_check" CHECK (reason in ('scam', 'unavailable', 'wrong', 'duplicate', 'offensive', 'other')),
	CONSTRAINT "listing_reports_status_check" CHECK (status in ('open', 'closed')),
	CONSTRAINT "listing_reports_outcome_check" CHECK (outcome is null or outcome in ('dismissed', 'hidden', 'blocked')),
	CONSTRAINT "listing_reports_closed_check" CHECK ((status = 'closed') = (closed_at is not null))
);
--> statement-breakpoint
CREATE TABLE "photo_hashes" (
	"listing_id" uuid NOT NULL,
	"listing_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"photo_key" text NOT NULL,
	"hash" bigint NOT NULL,
	CONSTRAINT "photo_hashes_listing_id_photo_key_pk" PRIMARY KEY("listing_id","photo_key")
);
--> statement-breakpoint
CREATE TABLE "photo_matches" (
	"listing_id" uuid NOT NULL,
	"listing_kind" text NOT NULL,
	"photo_key" text NOT NULL,
	"matched_listing_id" uuid NOT NULL,
	"matched_listing_kind" text NOT NULL,
	"matched_photo_key" text NOT NULL,
	"distance" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_matches_listing_id_matched_listing_id_pk" PRIMARY KEY("listing_id","matched_listing_id")
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "recovery_codes_user_id_code_hash_pk" PRIMARY KEY("user_id","code_hash")
);
--> statement-breakpoint
DROP INDEX "assets_published_created_idx";--> statement-breakpoint
DROP INDEX "assets_published_type_created_idx";--> statement-breakpoint
DROP INDEX "assets_published_type_offer_created_idx";--> statement-breakpoint
DROP INDEX "assets_published_type_price_idx";--> statement-breakpoint
DROP INDEX "assets_published_filters_idx";--> statement-breakpoint
DROP INDEX "assets_published_district_created_idx";--> statement-breakpoint
DROP INDEX "assets_published_upi_idx";--> statement-breakpoint
DROP INDEX "properties_published_created_idx";--> statement-breakpoint
DROP INDEX "properties_published_type_created_idx";--> statement-breakpoint
DROP INDEX "properties_published_type_offer_created_idx";--> statement-breakpoint
DROP INDEX "properties_published_type_price_idx";--> statement-breakpoint
DROP INDEX "properties_published_filters_idx";--> statement-breakpoint
DROP INDEX "properties_published_district_created_idx";--> statement-breakpoint
DROP INDEX "properties_published_upi_idx";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "listed_by" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "commission" bigint;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "viewing_fee" bigint;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "availability_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "listed_by" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "commission" bigint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "viewing_fee" bigint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "availability_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_reports_open_reporter_key" ON "listing_reports" USING btree ("listing_id","reporter_key") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "listing_reports_status_created_idx" ON "listing_reports" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "listing_reports_listing_idx" ON "listing_reports" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "photo_hashes_band0_idx" ON "photo_hashes" USING btree ((("hash" >> 53) & 2047));--> statement-breakpoint
CREATE INDEX "photo_hashes_band1_idx" ON "photo_hashes" USING btree ((("hash" >> 42) & 2047));--> statement-breakpoint
CREATE INDEX "photo_hashes_band2_idx" ON "photo_hashes" USING btree ((("hash" >> 31) & 2047));--> statement-breakpoint
CREATE INDEX "photo_hashes_band3_idx" ON "photo_hashes" USING btree ((("hash" >> 20) & 2047));--> statement-breakpoint
CREATE INDEX "photo_hashes_band4_idx" ON "photo_hashes" USING btree ((("hash" >> 10) & 1023));--> statement-breakpoint
CREATE INDEX "photo_hashes_band5_idx" ON "photo_hashes" USING btree ((("hash" >> 0) & 1023));--> statement-breakpoint
CREATE INDEX "photo_matches_matched_idx" ON "photo_matches" USING btree ("matched_listing_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_published_confirmed_idx" ON "assets" USING btree ("confirmed_at") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_off_offer_idx" ON "assets" USING btree ("availability_changed_at") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null and availability <> 'Available';--> statement-breakpoint
CREATE INDEX "properties_published_confirmed_idx" ON "properties" USING btree ("confirmed_at") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_off_offer_idx" ON "properties" USING btree ("availability_changed_at") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null and availability <> 'Available';--> statement-breakpoint
CREATE INDEX "assets_published_created_idx" ON "assets" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_type_created_idx" ON "assets" USING btree ("type","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_type_offer_created_idx" ON "assets" USING btree ("type","offer","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_type_price_idx" ON "assets" USING btree ("type","offer","price_period","price","id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_filters_idx" ON "assets" USING btree ("type","offer","district","price_period","price") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_district_created_idx" ON "assets" USING btree ("district","type","offer","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_upi_idx" ON "assets" USING btree ("upi") WHERE upi is not null and moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_created_idx" ON "properties" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_type_created_idx" ON "properties" USING btree ("type","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_type_offer_created_idx" ON "properties" USING btree ("type","offer","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_type_price_idx" ON "properties" USING btree ("type","offer","price_period","price","id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_filters_idx" ON "properties" USING btree ("type","offer","district","price_period","price","bedrooms","bathrooms") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_district_created_idx" ON "properties" USING btree ("district","type","offer","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_upi_idx" ON "properties" USING btree ("upi") WHERE upi is not null and moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_listed_by_check" CHECK (listed_by in ('owner', 'agent', 'commissioner'));--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_fees_check" CHECK ((commission is null or commission >= 0) and (viewing_fee is null or viewing_fee >= 0));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_listed_by_check" CHECK (listed_by in ('owner', 'agent', 'commissioner'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_fees_check" CHECK ((commission is null or commission >= 0) and (viewing_fee is null or viewing_fee >= 0));--> statement-breakpoint
-- Listings published before expiry existed get a full lifetime from now, as do those already sold or rented.
UPDATE "properties" SET "confirmed_at" = now(), "availability_changed_at" = CASE WHEN "availability" <> 'Available' THEN now() END WHERE "moderation" = 'Approved';--> statement-breakpoint
UPDATE "assets" SET "confirmed_at" = now(), "availability_changed_at" = CASE WHEN "availability" <> 'Available' THEN now() END WHERE "moderation" = 'Approved';
