-- Which reports count toward hiding a listing: three throwaway accounts from one address no longer
-- hide a competitor's listing. Each report keeps a hash of its client address (never the address)
-- and whether an admin had verified its reporter, and why it does not count (null: it counts).
-- Reports made before keep counting, as they did; their address is unknown (null).
ALTER TABLE "listing_reports" ADD COLUMN "address_hash" text;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD COLUMN "is_reporter_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD COLUMN "not_counted_reason" text;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_not_counted_reason_check" CHECK (not_counted_reason is null or not_counted_reason in ('visitor', 'newAccount', 'dismissedBefore', 'sameAddress'));
