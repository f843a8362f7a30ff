-- Phone numbers as identity: an account's proved mobile number (unique), an e-mail no longer
-- required when there is a number, and the codes sent by SMS that prove a number.
CREATE TABLE "phone_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"phone" text NOT NULL,
	"user_id" uuid,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"pending" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "phone_codes_purpose_check" CHECK (purpose in ('signup', 'add', 'login', 'reset'))
);

--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_proved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "phone_codes_token_hash_key" ON "phone_codes" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "phone_codes_phone_sent_idx" ON "phone_codes" USING btree ("phone","sent_at");
--> statement-breakpoint
CREATE INDEX "phone_codes_user_idx" ON "phone_codes" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_contact_check" CHECK ("users"."email" is not null or "users"."phone" is not null);
