-- An account proves its e-mail address by following a link sent to it; until then (and again
-- after the address changes) it is unproved, whatever was typed at registration. Proving it
-- brings the inquiries sent from that address without an account into the account: the index
-- finds them by address.
ALTER TABLE "users" ADD COLUMN "email_proved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "inquiries_guest_email_idx" ON "inquiries" USING btree (lower("email")) WHERE sender_id is null;--> statement-breakpoint
-- Unsubscribe links carry an opaque id of their address, signed, instead of the address itself.
CREATE TABLE "mail_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_addresses_email_key" ON "mail_addresses" USING btree ("email");
