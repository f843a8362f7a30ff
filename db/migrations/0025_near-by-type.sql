-- A list of one type near a place reads the type, the public point, the date and the id from one
-- index of the published listings, and fetches only its page's rows.
CREATE INDEX "assets_published_type_point_idx" ON "assets" USING btree ("type","public_latitude","public_longitude","created_at","id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null and public_latitude is not null;
--> statement-breakpoint
CREATE INDEX "properties_published_type_point_idx" ON "properties" USING btree ("type","public_latitude","public_longitude","created_at","id") WHERE moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null and public_latitude is not null;
