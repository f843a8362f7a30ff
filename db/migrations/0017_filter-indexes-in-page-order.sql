-- A filtered page by price is read in the index's order: the id after the price breaks ties,
-- so the first rows found are the page, rather than a whole group of equal prices read from the
-- table and sorted. Counting keeps reading the index alone.
DROP INDEX "assets_published_filters_idx";--> statement-breakpoint
DROP INDEX "properties_published_filters_idx";--> statement-breakpoint
CREATE INDEX "assets_published_filters_idx" ON "assets" USING btree ("type","offer","district","price_period","price","id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_filters_idx" ON "properties" USING btree ("type","offer","district","price_period","price","id","bedrooms","bathrooms") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;