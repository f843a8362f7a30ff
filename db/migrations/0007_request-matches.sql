CREATE TABLE "request_matches" (
	"request_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"listing_kind" text NOT NULL,
	"requester_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "request_matches_request_id_listing_id_pk" PRIMARY KEY("request_id","listing_id")
);
--> statement-breakpoint
ALTER TABLE "request_matches" ADD CONSTRAINT "request_matches_request_id_property_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."property_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_matches" ADD CONSTRAINT "request_matches_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_matches_listing_idx" ON "request_matches" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "request_matches_unnotified_idx" ON "request_matches" USING btree ("requester_id","created_at") WHERE notified_at is null;--> statement-breakpoint
CREATE INDEX "request_matches_created_idx" ON "request_matches" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "property_requests_open_type_price_idx" ON "property_requests" USING btree ("type","price") WHERE status = 'Open' and deleted_at is null;