-- The short links of SMS (each code stands for one page of this site in one language), and the
-- SMS outbox by number, for the admins' search.
CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_path_unique" UNIQUE("path")
);

--> statement-breakpoint
CREATE INDEX "sms_outbox_recipient_idx" ON "sms_outbox" USING btree ("recipient","created_at" DESC NULLS LAST);
