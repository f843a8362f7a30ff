-- Every word the catalogue's search documents hold, so that a typed prefix becomes the whole
-- words it begins before a search reads the listings ('kicu' becomes 'kicukiro'): GIN then walks
-- each word's postings and skips through a common word's by a rare one's, where a prefix makes
-- it gather every posting of every word it begins first. Byte order ("C"), as tsquery compares
-- a prefix, so the words a prefix begins are one range of the primary key.
-- `in_headline`: the word is in some listing's headline (title, type, place), so that a search
-- for words no headline holds skips the headline read rather than walk every listing for it.
CREATE TABLE "search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL,
	"in_headline" boolean DEFAULT false NOT NULL
);--> statement-breakpoint
-- Once per statement, from the rows it wrote (on update, those whose document changed; a
-- headline's words are all in the document). New words are added in byte order, so two writers
-- adding the same words take their locks in one order and never wait on each other in a circle;
-- a word is marked as in a headline only the first time, so common words are not locked by every
-- write. A word no listing holds any more stays: it begins nothing that matches.
CREATE FUNCTION public.remember_search_words() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  documents tsvector[];
  headlines tsvector[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(search), array_agg(headline) INTO documents, headlines FROM written_rows;
  ELSE
    SELECT array_agg(written_rows.search), array_agg(written_rows.headline)
      INTO documents, headlines
      FROM written_rows JOIN previous_rows USING (id)
      WHERE written_rows.search IS DISTINCT FROM previous_rows.search;
  END IF;
  INSERT INTO public.search_words (word, in_headline)
    SELECT word, bool_or(in_headline)
      FROM (
        SELECT unnest(tsvector_to_array(document)) AS word, false AS in_headline
          FROM unnest(documents) AS document
        UNION ALL
        SELECT unnest(tsvector_to_array(headline)), true FROM unnest(headlines) AS headline
      ) AS written
      GROUP BY word
      ORDER BY word
    ON CONFLICT DO NOTHING;
  UPDATE public.search_words SET in_headline = true
    WHERE NOT in_headline
      AND word IN (SELECT unnest(tsvector_to_array(headline)) FROM unnest(headlines) AS headline);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_search_words_inserted" AFTER INSERT ON "properties"
  REFERENCING NEW TABLE AS written_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.remember_search_words();--> statement-breakpoint
CREATE TRIGGER "properties_search_words_updated" AFTER UPDATE ON "properties"
  REFERENCING OLD TABLE AS previous_rows NEW TABLE AS written_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.remember_search_words();--> statement-breakpoint
CREATE TRIGGER "assets_search_words_inserted" AFTER INSERT ON "assets"
  REFERENCING NEW TABLE AS written_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.remember_search_words();--> statement-breakpoint
CREATE TRIGGER "assets_search_words_updated" AFTER UPDATE ON "assets"
  REFERENCING OLD TABLE AS previous_rows NEW TABLE AS written_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.remember_search_words();--> statement-breakpoint
INSERT INTO "search_words" (word)
  SELECT unnest(tsvector_to_array(search)) FROM "properties"
  UNION
  SELECT unnest(tsvector_to_array(search)) FROM "assets"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "search_words" SET in_headline = true
  WHERE word IN (
    SELECT unnest(tsvector_to_array(headline)) FROM "properties"
    UNION
    SELECT unnest(tsvector_to_array(headline)) FROM "assets"
  );
