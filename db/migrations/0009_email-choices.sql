-- Place names are written with and without accents ("Rémera", "Remera"): the words a listing is
-- found and matched by are folded to plain letters, and so is every query against them.
CREATE FUNCTION fold_accents(value text)
RETURNS text
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$
  SELECT translate(value, 'àáâãäåāăąèéêëēėęěìíîïīįòóôõöøōőùúûüūůűųýÿçćčñńňšśşžźżłďđťřÀÁÂÃÄÅĀĂĄÈÉÊËĒĖĘĚÌÍÎÏĪĮÒÓÔÕÖØŌŐÙÚÛÜŪŮŰŲÝŸÇĆČÑŃŇŠŚŞŽŹŻŁĎĐŤŘ', 'aaaaaaaaaeeeeeeeeiiiiiioooooooouuuuuuuuyycccnnnssszzzlddtraaaaaaaaaeeeeeeeeiiiiiioooooooouuuuuuuuyycccnnnssszzzlddtr')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_search_document(title text, kind text, location text, features text[], description text)
RETURNS tsvector
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('simple', fold_accents(coalesce(title, ''))), 'A')
      || setweight(to_tsvector('simple', fold_accents(coalesce(kind, '') || ' ' || coalesce(location, ''))), 'B')
      || setweight(to_tsvector('simple', fold_accents(coalesce(array_to_string(features, ' '), ''))), 'C')
      || setweight(to_tsvector('simple', fold_accents(coalesce(description, ''))), 'D')
$$;
--> statement-breakpoint
CREATE TABLE "email_opt_outs" (
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_opt_outs_email_kind_pk" PRIMARY KEY("email","kind"),
	CONSTRAINT "email_opt_outs_kind_check" CHECK (kind in ('notice', 'inquiry', 'match', 'favourite', 'listing'))
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The key of signed links, made here so that it exists, committed, before any process reads it:
-- two version-4 UUIDs from the server's strong random source, 244 random bits.
INSERT INTO "signing_keys" ("name", "secret")
VALUES ('links', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
--> statement-breakpoint
ALTER TABLE "assets" drop column "headline";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "headline" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', fold_accents(name || ' ' || type || ' ' || coalesce(location, '')))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" drop column "headline";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "headline" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', fold_accents(title || ' ' || type || ' ' || location))) STORED NOT NULL;--> statement-breakpoint
-- Stored search documents are computed again with the folding function.
UPDATE "properties" SET "title" = "title";--> statement-breakpoint
UPDATE "assets" SET "name" = "name";--> statement-breakpoint
ALTER TABLE "favourites" ADD COLUMN "known_price" bigint;--> statement-breakpoint
UPDATE "favourites" f SET "known_price" = coalesce(
  (SELECT p.price FROM "properties" p WHERE p.id = f.listing_id),
  (SELECT a.price FROM "assets" a WHERE a.id = f.listing_id),
  0
);--> statement-breakpoint
ALTER TABLE "favourites" ALTER COLUMN "known_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "unsubscribe_url" text;
