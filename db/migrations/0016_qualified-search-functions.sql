-- pg_dump writes function bodies as they are but restores them with an empty search_path, so the
-- search document's call to fold_accents must name its schema: without it, a restore of a backup
-- fails on the first table whose generated column computes the document.
CREATE OR REPLACE FUNCTION public.listing_search_document(title text, kind text, location text, features text[], description text)
RETURNS tsvector
LANGUAGE sql
IMMUTABLE
PARALLEL SAFE
AS $$
  SELECT setweight(to_tsvector('simple', public.fold_accents(coalesce(title, ''))), 'A')
      || setweight(to_tsvector('simple', public.fold_accents(coalesce(kind, '') || ' ' || coalesce(location, ''))), 'B')
      || setweight(to_tsvector('simple', public.fold_accents(coalesce(array_to_string(features, ' '), ''))), 'C')
      || setweight(to_tsvector('simple', public.fold_accents(coalesce(description, ''))), 'D')
$$;
