ALTER TABLE "contact_messages" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_locale_check" CHECK (locale in ('rw', 'en', 'fr'));--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_locale_check" CHECK (locale in ('rw', 'en', 'fr'));--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_locale_check" CHECK (locale in ('rw', 'en', 'fr'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK (locale in ('rw', 'en', 'fr'));--> statement-breakpoint
-- Texts saved as the English defaults become empty: the pages show their default in each language.
UPDATE "site_settings" SET "value" = jsonb_set("value", '{aboutText}', '""') WHERE "key" = 'platform' AND "value"->>'aboutText' = 'Inzu is Kigali''s property and asset marketplace. We bring together people who rent out or sell houses, apartments, hotels, land, vehicles and other items, and the people looking for them, with every price in Rwandan francs (RWF).

Anyone can browse and search the published listings without an account, see their photos, prices and locations, and ask the owner for more information. Sellers supply a property or an asset with a short form, and our team reviews each supply before it is published. Buyers post what they are looking for, so that sellers can get in touch.

Our office is in Kigali-Nyarugenge, Nyamirambo. Questions about a listing, selling or renting? Call us, write to us or use the contact form: we will get back to you in no more than 48 hours.';--> statement-breakpoint
UPDATE "site_settings" SET "value" = jsonb_set("value", '{termsText}', '""') WHERE "key" = 'platform' AND "value"->>'termsText' = 'These are placeholder terms. The operator of this site should replace them with its own terms and conditions in the admin panel (Settings, Platform Configuration).

What sellers supply is published after our team has reviewed it. The owner of a listing is responsible for its description, price and availability.

Visit a property, or see an asset for yourself, before you pay any money or sign anything.

Questions about these terms? Contact us and we will get back to you.';--> statement-breakpoint
UPDATE "site_settings" SET "value" = jsonb_set("value", '{footerText}', '""') WHERE "key" = 'platform' AND "value"->>'footerText' = 'All rights reserved.';
