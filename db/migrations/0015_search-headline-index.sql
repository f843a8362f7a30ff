-- A search reads the listings that match in their headline (title, type, place) first, newest
-- first. A broad prefix walks the newest-first index; a rare word's headline matches come from
-- these, rather than from a walk over every published listing.
CREATE INDEX "assets_published_headline_idx" ON "assets" USING gin ("headline") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;--> statement-breakpoint
CREATE INDEX "properties_published_headline_idx" ON "properties" USING gin ("headline") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null;
