CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" bigint NOT NULL,
	"offer" text NOT NULL,
	"moderation" text DEFAULT 'Pending' NOT NULL,
	"availability" text DEFAULT 'Available' NOT NULL,
	"location" text,
	"owner_name" text,
	"contact" text,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transmission" text,
	"fuel" text,
	"is_certified" boolean,
	"is_inspected" boolean,
	"warranty" text,
	"rental_price" bigint,
	"rent_duration" text,
	"size" text,
	"condition" text,
	"size_cloth" text,
	"search" "tsvector" GENERATED ALWAYS AS (listing_search_document(name, type, location, features, description)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "assets_type_check" CHECK (type in ('Land', 'Car', 'Motorcycle', 'Clothes', 'Other')),
	CONSTRAINT "assets_offer_check" CHECK (offer in ('Rent', 'Sale')),
	CONSTRAINT "assets_moderation_check" CHECK (moderation in ('Pending', 'Approved', 'Rejected')),
	CONSTRAINT "assets_availability_check" CHECK (availability in ('Available', 'Sold', 'Rented')),
	CONSTRAINT "assets_price_check" CHECK (price >= 0 and (rental_price is null or rental_price >= 0))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid,
	"asset_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"role" text NOT NULL,
	"message" text NOT NULL,
	"is_agreed_to_emails" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_role_check" CHECK (role in ('buyer', 'seller', 'guest')),
	CONSTRAINT "inquiries_listing_check" CHECK (num_nonnulls(property_id, asset_id) = 1)
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" bigint NOT NULL,
	"offer" text NOT NULL,
	"moderation" text DEFAULT 'Pending' NOT NULL,
	"availability" text DEFAULT 'Available' NOT NULL,
	"location" text NOT NULL,
	"address" text,
	"owner_name" text NOT NULL,
	"contact" text NOT NULL,
	"bedrooms" integer DEFAULT 1 NOT NULL,
	"bathrooms" integer DEFAULT 1 NOT NULL,
	"toilets" integer DEFAULT 1 NOT NULL,
	"area_sqm" integer,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (listing_search_document(title, type, location, features, description)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "properties_type_check" CHECK (type in ('House', 'Hotel', 'Apartment')),
	CONSTRAINT "properties_offer_check" CHECK (offer in ('Rent', 'Sale')),
	CONSTRAINT "properties_moderation_check" CHECK (moderation in ('Pending', 'Approved', 'Rejected')),
	CONSTRAINT "properties_availability_check" CHECK (availability in ('Available', 'Sold', 'Rented')),
	CONSTRAINT "properties_price_check" CHECK (price >= 0),
	CONSTRAINT "properties_rooms_check" CHECK (bedrooms >= 0 and bathrooms >= 0 and toilets >= 0 and (area_sqm is null or area_sqm > 0))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK (role in ('buyer', 'seller', 'guest', 'admin')),
	CONSTRAINT "users_status_check" CHECK (status in ('Active', 'Blocked'))
);
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assets_search_idx" ON "assets" USING gin ("search");--> statement-breakpoint
CREATE INDEX "assets_published_created_idx" ON "assets" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_type_created_idx" ON "assets" USING btree ("type","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_type_offer_created_idx" ON "assets" USING btree ("type","offer","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "assets_published_type_price_idx" ON "assets" USING btree ("type","price","id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "assets_owner_idx" ON "assets" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assets_moderation_created_idx" ON "assets" USING btree ("moderation","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inquiries_property_idx" ON "inquiries" USING btree ("property_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inquiries_asset_idx" ON "inquiries" USING btree ("asset_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_key" ON "newsletter_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin ("search");--> statement-breakpoint
CREATE INDEX "properties_published_created_idx" ON "properties" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_type_created_idx" ON "properties" USING btree ("type","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_type_offer_created_idx" ON "properties" USING btree ("type","offer","created_at" DESC NULLS FIRST,"id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_type_price_idx" ON "properties" USING btree ("type","price","id") WHERE moderation = 'Approved' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "properties_owner_idx" ON "properties" USING btree ("owner_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "properties_moderation_created_idx" ON "properties" USING btree ("moderation","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");