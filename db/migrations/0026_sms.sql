-- SMS: every message the platform sends (its provider's id, cost and delivery report), and the
-- numbers that replied STOP.
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"parts" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_message_id" text,
	"cost" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	CONSTRAINT "sms_outbox_kind_check" CHECK (kind in ('account', 'inquiry', 'match', 'listing', 'search', 'payment')),
	CONSTRAINT "sms_outbox_status_check" CHECK (status in ('queued', 'kept', 'sending', 'sent', 'delivered', 'failed', 'refused', 'uncertain', 'skipped')),
	CONSTRAINT "sms_outbox_parts_check" CHECK (parts > 0)
);

--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at" DESC NULLS LAST,"id");
--> statement-breakpoint
CREATE INDEX "sms_outbox_user_idx" ON "sms_outbox" USING btree ("user_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE UNIQUE INDEX "sms_outbox_provider_message_idx" ON "sms_outbox" USING btree ("provider_message_id");
