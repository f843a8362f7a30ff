CREATE TABLE "inquiry_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inquiry_id" uuid NOT NULL,
	"from" text NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiry_messages_from_check" CHECK ("from" in ('visitor', 'owner'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
UPDATE "inquiries" SET "owner_id" = coalesce(
	(SELECT "owner_id" FROM "properties" WHERE "properties"."id" = "inquiries"."property_id"),
	(SELECT "owner_id" FROM "assets" WHERE "assets"."id" = "inquiries"."asset_id")
);--> statement-breakpoint
ALTER TABLE "inquiries" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "sender_id" uuid;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "owner_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "sender_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "last_message_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "inquiries" SET "last_message_at" = "created_at";--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "last_message_from" text DEFAULT 'visitor' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_messages" ADD CONSTRAINT "inquiry_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiry_messages_inquiry_idx" ON "inquiry_messages" USING btree ("inquiry_id","created_at");--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_owner_last_idx" ON "inquiries" USING btree ("owner_id","last_message_at" DESC NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "inquiries_sender_last_idx" ON "inquiries" USING btree ("sender_id","last_message_at" DESC NULLS FIRST,"id") WHERE deleted_at is null and sender_id is not null;--> statement-breakpoint
CREATE INDEX "inquiries_last_idx" ON "inquiries" USING btree ("last_message_at" DESC NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_last_message_from_check" CHECK (last_message_from in ('visitor', 'owner'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind in ('notice', 'inquiry', 'match', 'favourite', 'listing'));