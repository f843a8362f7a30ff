-- The text a listing is found by: the title weighs most, then its type and location, then its
-- features, then the description. The 'simple' configuration keeps Kinyarwanda place names
-- whole (no English stemming), so prefix queries such as 'kicu:*' find 'Kicukiro'.
CREATE FUNCTION listing_search_document(title text, kind text, location text, features text[], description text)
RETURNS tsvector
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('simple', coalesce(title, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(kind, '') || ' ' || coalesce(location, '')), 'B')
      || setweight(to_tsvector('simple', coalesce(array_to_string(features, ' '), '')), 'C')
      || setweight(to_tsvector('simple', coalesce(description, '')), 'D')
$$;
