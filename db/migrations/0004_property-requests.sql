CREATE TABLE "property_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"title" text NOT NULL,
	"price" bigint NOT NULL,
	"location" text NOT NULL,
	"requester_name" text NOT NULL,
	"contact" text,
	"description" text DEFAULT '' NOT NULL,
	"type" text,
	"bedrooms" integer,
	"bathrooms" integer,
	"toilets" integer,
	"area_sqm" integer,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "property_requests_type_check" CHECK (type is null or type in ('House', 'Hotel', 'Apartment', 'Land', 'Car', 'Motorcycle', 'Clothes', 'Other')),
	CONSTRAINT "property_requests_status_check" CHECK (status in ('Open', 'Closed')),
	CONSTRAINT "property_requests_price_check" CHECK (price >= 0),
	CONSTRAINT "property_requests_rooms_check" CHECK (coalesce(bedrooms, 0) >= 0 and coalesce(bathrooms, 0) >= 0 and coalesce(toilets, 0) >= 0 and (area_sqm is null or area_sqm > 0))
);
--> statement-breakpoint
ALTER TABLE "property_requests" ADD CONSTRAINT "property_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_requests_open_created_idx" ON "property_requests" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE status = 'Open' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "property_requests_open_type_created_idx" ON "property_requests" USING btree ("type","created_at" DESC NULLS FIRST,"id") WHERE status = 'Open' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "property_requests_requester_idx" ON "property_requests" USING btree ("requester_id","created_at" DESC NULLS FIRST);