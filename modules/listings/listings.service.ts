import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  countUpTo,
  isPublishedSql,
  LIST_COUNT_CAP,
  SEARCH_MATCH_CAP,
  bestMatchesFirst,
  capTotal,
  matchCount,
  publishedMatches,
} from '#db/catalogue-sql.ts';
import type { Database } from '#db/client.ts';
import { properties } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { NotFoundError } from '#lib/errors.ts';
import { formatTimeAgo } from '#lib/format.ts';
import { t } from '#lib/i18n.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import type { PropertyType } from '#lib/listing.ts';
import type { Page } from '#lib/pagination.ts';
import { toPhotoView } from '#lib/photos.ts';
import { toPrefixQuery } from '#lib/search-text.ts';
import type { PropertyView } from './listings.schema.ts';

type PropertyRow = typeof properties.$inferSelect;

/** Columns a public view needs: everything but the search document. */
const viewColumns = {
  id: properties.id,
  ownerId: properties.ownerId,
  type: properties.type,
  title: properties.title,
  description: properties.description,
  price: properties.price,
  offer: properties.offer,
  availability: properties.availability,
  location: properties.location,
  address: properties.address,
  ownerName: properties.ownerName,
  contact: properties.contact,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  toilets: properties.toilets,
  areaSqm: properties.areaSqm,
  features: properties.features,
  photos: properties.photos,
  createdAt: properties.createdAt,
};

type PropertyViewRow = Pick<PropertyRow, keyof typeof viewColumns>;

const LIST_ORDER: Record<ListQuery['sort'], SQL[]> = {
  newest: [desc(properties.createdAt), asc(properties.id)],
  'price-asc': [asc(properties.price), asc(properties.id)],
  'price-desc': [desc(properties.price), desc(properties.id)],
};

function toView(row: PropertyViewRow, now: Date): PropertyView {
  const photos = row.photos.map(toPhotoView);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    status: row.offer,
    availability: row.availability,
    type: row.type,
    location: row.location,
    address: row.address,
    owner: row.ownerName,
    ownerId: row.ownerId,
    contact: row.contact,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    toilets: row.toilets,
    area: row.areaSqm,
    features: row.features,
    image: photos[0]?.src ?? null,
    photos,
    createdAt: row.createdAt.toISOString(),
    timeAgo: formatTimeAgo(row.createdAt, now),
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;

export function createListingsService({ db, clock }: { db: Database; clock: Clock }) {
  /** One published property, or NotFound. */
  async function getPublishedProperty(id: string): Promise<PropertyView> {
    const [row] = await db
      .select(viewColumns)
      .from(properties)
      .where(and(eq(properties.id, id), isPublishedSql));
    if (!row) throw new NotFoundError(t('api.propertyNotFound'));
    return toView(row, clock());
  }

  /** A page of published properties, optionally of one type and one offer. */
  async function listPublishedProperties(
    query: Partial<ListQuery> & { type?: PropertyType },
    countCap = LIST_COUNT_CAP,
  ): Promise<Page<PropertyView>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 12;
    const where = and(
      isPublishedSql,
      query.type ? eq(properties.type, query.type) : undefined,
      query.status ? eq(properties.offer, query.status) : undefined,
    );
    const [rows, count] = await Promise.all([
      db
        .select(viewColumns)
        .from(properties)
        .where(where)
        .orderBy(...LIST_ORDER[query.sort ?? 'newest'])
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      countUpTo(db, sql`${properties} where ${where}`, countCap),
    ]);
    const now = clock();
    return { items: rows.map((row) => toView(row, now)), page, pageSize, ...count };
  }

  /**
   * Published properties matching what a visitor typed in their title, type, location,
   * features or description: those matching in title, type or location first, newest first
   * within each. Reads at most SEARCH_MATCH_CAP matches (see publishedMatches).
   */
  async function searchPublishedProperties(
    text: string,
    limit: number,
  ): Promise<Page<PropertyView>> {
    const prefixQuery = toPrefixQuery(text);
    if (!prefixQuery) return listPublishedProperties({ pageSize: limit }, SEARCH_MATCH_CAP);
    const matches = publishedMatches(db, properties, prefixQuery);
    const rows = await db
      .with(matches)
      .select({ ...viewColumns, matchCount: matchCount(matches) })
      .from(matches)
      .innerJoin(properties, eq(properties.id, matches.matchId))
      .orderBy(...bestMatchesFirst(matches))
      .limit(limit);
    const now = clock();
    return {
      items: rows.map((row) => toView(row, now)),
      page: 1,
      pageSize: limit,
      ...capTotal(rows[0]?.matchCount ?? 0, SEARCH_MATCH_CAP),
    };
  }

  /** Ids and change dates of published properties, newest first, for the sitemap. */
  async function listPublishedPropertyIds(
    limit: number,
  ): Promise<{ id: string; updatedAt: Date }[]> {
    return db
      .select({ id: properties.id, updatedAt: properties.updatedAt })
      .from(properties)
      .where(isPublishedSql)
      .orderBy(desc(properties.createdAt))
      .limit(limit);
  }

  return {
    getPublishedProperty,
    listPublishedProperties,
    searchPublishedProperties,
    listPublishedPropertyIds,
  };
}
