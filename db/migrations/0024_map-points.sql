-- Points on the map for listings and requests: the exact point their owner set (private) and the
-- one the public sees (the same, one moved within 300 m, or the sector's centre), with an index
-- for "near" searches over the published listings' public points.
ALTER TABLE "assets" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "longitude" double precision;
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "location_precision" text;
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "public_latitude" double precision;
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "public_longitude" double precision;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "longitude" double precision;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "location_precision" text;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "public_latitude" double precision;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "public_longitude" double precision;
--> statement-breakpoint
ALTER TABLE "property_requests" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "property_requests" ADD COLUMN "longitude" double precision;
--> statement-breakpoint
ALTER TABLE "property_requests" ADD COLUMN "location_precision" text;
--> statement-breakpoint
ALTER TABLE "property_requests" ADD COLUMN "public_latitude" double precision;
--> statement-breakpoint
ALTER TABLE "property_requests" ADD COLUMN "public_longitude" double precision;
--> statement-breakpoint
CREATE INDEX "assets_published_point_idx" ON "assets" USING btree ("public_latitude","public_longitude") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null and public_latitude is not null;
--> statement-breakpoint
CREATE INDEX "properties_published_point_idx" ON "properties" USING btree ("public_latitude","public_longitude") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null and public_latitude is not null;
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_point_check" CHECK ((latitude is null) = (longitude is null) and (public_latitude is null) = (public_longitude is null) and (public_latitude is null) = (location_precision is null) and (latitude is not null) = (location_precision is not null and location_precision <> 'sector') and (location_precision is null or location_precision in ('exact', 'approximate', 'sector')));
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_point_check" CHECK ((latitude is null) = (longitude is null) and (public_latitude is null) = (public_longitude is null) and (public_latitude is null) = (location_precision is null) and (latitude is not null) = (location_precision is not null and location_precision <> 'sector') and (location_precision is null or location_precision in ('exact', 'approximate', 'sector')));
--> statement-breakpoint
ALTER TABLE "property_requests" ADD CONSTRAINT "property_requests_point_check" CHECK ((latitude is null) = (longitude is null) and (public_latitude is null) = (public_longitude is null) and (public_latitude is null) = (location_precision is null) and (latitude is not null) = (location_precision is not null and location_precision <> 'sector') and (location_precision is null or location_precision in ('exact', 'approximate', 'sector')));

