-- The words of each catalogue apart: a word only assets hold ('bajaj') must not send a search of
-- properties to its headline index, where the planner, knowing nothing of the word, expects
-- hundreds of matches and walks every property newest first to find none. A typed word that
-- begins no word of a catalogue now ends that catalogue's search before any listing is read.
-- The table is rebuilt from the listings, as migration 0018 first filled it.
DROP TABLE "search_words";--> statement-breakpoint
CREATE TABLE "search_words" (
	"catalogue" text COLLATE "C" NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"in_headline" boolean DEFAULT false NOT NULL,
	PRIMARY KEY ("catalogue", "word")
);--> statement-breakpoint
-- As in migration 0018, with the catalogue the table written: new words in byte order, so two
-- writers take their locks in one order; a word marked as in a headline only the first time.
CREATE OR REPLACE FUNCTION public.remember_search_words() RETURNS trigger
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
  INSERT INTO public.search_words (catalogue, word, in_headline)
    SELECT TG_TABLE_NAME, word, bool_or(in_headline)
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
    WHERE catalogue = TG_TABLE_NAME
      AND NOT in_headline
      AND word IN (SELECT unnest(tsvector_to_array(headline)) FROM unnest(headlines) AS headline);
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "search_words" (catalogue, word, in_headline)
  SELECT catalogue, word, bool_or(in_headline)
    FROM (
      SELECT 'properties' AS catalogue, unnest(tsvector_to_array(search)) AS word,
          false AS in_headline
        FROM "properties"
      UNION ALL
      SELECT 'properties', unnest(tsvector_to_array(headline)), true FROM "properties"
      UNION ALL
      SELECT 'assets', unnest(tsvector_to_array(search)), false FROM "assets"
      UNION ALL
      SELECT 'assets', unnest(tsvector_to_array(headline)), true FROM "assets"
    ) AS held
    GROUP BY catalogue, word;
