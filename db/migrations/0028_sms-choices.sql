-- The kinds of notice each user chose to hear of by SMS, where they chose otherwise than the default.
CREATE TABLE "sms_choices" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"is_on" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_choices_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "sms_choices_kind_check" CHECK (kind in ('inquiry', 'match', 'listing', 'search', 'payment'))
);

--> statement-breakpoint
ALTER TABLE "sms_choices" ADD CONSTRAINT "sms_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
