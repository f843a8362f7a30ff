CREATE TABLE "data_steps" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
DROP INDEX "assets_published_type_price_idx";--> statement-breakpoint
DROP INDEX "properties_published_type_price_idx";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "price_period" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "sector" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "cell" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "upi" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_period" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "sector" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "cell" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "upi" text;--> statement-breakpoint
ALTER TABLE "property_requests" ADD COLUMN "price_period" text;--> statement-breakpoint
ALTER TABLE "property_requests" ADD COLUMN "district" text;--> statement-breakpoint
ALTER TABLE "property_requests" ADD COLUMN "sector" text;--> statement-breakpoint
ALTER TABLE "property_requests" ADD COLUMN "cell" text;--> statement-breakpoint
-- A rent is for the period its type is usually rented by (lib/listing.ts defaultPricePeriod, as
-- it stood when this ran); a sale price has none. District and sector are filled from the
-- location text by the data step 'places-from-location' (db/data-steps.ts).
UPDATE "properties" SET "price_period" = CASE "type" WHEN 'Hotel' THEN 'night' ELSE 'month' END WHERE "offer" = 'Rent';--> statement-breakpoint
UPDATE "assets" SET "price_period" = CASE "type" WHEN 'Land' THEN 'year' WHEN 'Car' THEN 'day' WHEN 'Motorcycle' THEN 'day' WHEN 'Clothes' THEN 'day' ELSE 'month' END WHERE "offer" = 'Rent';--> statement-breakpoint
ALTER TABLE "assets" drop column "search";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (listing_search_document(name, type, coalesce(location, '') || ' ' || coalesce(cell, '') || ' ' || coalesce(sector, '') || ' ' || coalesce(district, ''), features, description)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" drop column "headline";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "headline" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', fold_accents(name || ' ' || type || ' ' || coalesce(location, '') || ' ' || coalesce(cell, '') || ' ' || coalesce(sector, '') || ' ' || coalesce(district, '')))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" drop column "search";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (listing_search_document(title, type, coalesce(location, '') || ' ' || coalesce(cell, '') || ' ' || coalesce(sector, '') || ' ' || coalesce(district, ''), features, description)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" drop column "headline";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "headline" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', fold_accents(title || ' ' || type || ' ' || coalesce(location, '') || ' ' || coalesce(cell, '') || ' ' || coalesce(sector, '') || ' ' || coalesce(district, '')))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "assets_search_idx" ON "assets" USING gin ("search");--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin ("search");--> statement-breakpoint
CREATE INDEX "assets_published_district_created_idx" ON "assets" USING btree ("district","type","offer","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_upi_idx" ON "assets" USING btree ("upi") WHERE upi is not null and moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_district_created_idx" ON "properties" USING btree ("district","type","offer","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_upi_idx" ON "properties" USING btree ("upi") WHERE upi is not null and moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "property_requests_open_district_idx" ON "property_requests" USING btree ("district","type") WHERE status = 'Open' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_type_price_idx" ON "assets" USING btree ("type","offer","price_period","price","id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_type_price_idx" ON "properties" USING btree ("type","offer","price_period","price","id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_price_period_check" CHECK ((offer = 'Rent') = (price_period is not null) and (price_period is null or price_period in ('night', 'day', 'week', 'month', 'year')));--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_upi_check" CHECK (upi is null or upi ~ '^[1-5]/[0-9]{2}/[0-9]{2}/[0-9]{2}/[0-9]{1,6}$');--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_price_period_check" CHECK ((offer = 'Rent') = (price_period is not null) and (price_period is null or price_period in ('night', 'day', 'week', 'month', 'year')));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_upi_check" CHECK (upi is null or upi ~ '^[1-5]/[0-9]{2}/[0-9]{2}/[0-9]{2}/[0-9]{1,6}$');--> statement-breakpoint
ALTER TABLE "property_requests" ADD CONSTRAINT "property_requests_price_period_check" CHECK (price_period is null or price_period in ('night', 'day', 'week', 'month', 'year'));
