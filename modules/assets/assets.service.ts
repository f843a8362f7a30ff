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
import { assets } from '#db/schema.ts';
import type { Clock } from '#lib/clock.ts';
import { NotFoundError } from '#lib/errors.ts';
import { formatTimeAgo } from '#lib/format.ts';
import { t } from '#lib/i18n.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import type { AssetType } from '#lib/listing.ts';
import type { Page } from '#lib/pagination.ts';
import { toPhotoView } from '#lib/photos.ts';
import { toPrefixQuery } from '#lib/search-text.ts';
import type { AssetView } from './assets.schema.ts';

type AssetRow = typeof assets.$inferSelect;

/** Columns a public view needs: everything but the search document and moderation facts. */
const viewColumns = {
  id: assets.id,
  ownerId: assets.ownerId,
  type: assets.type,
  name: assets.name,
  description: assets.description,
  price: assets.price,
  offer: assets.offer,
  availability: assets.availability,
  location: assets.location,
  ownerName: assets.ownerName,
  contact: assets.contact,
  features: assets.features,
  photos: assets.photos,
  transmission: assets.transmission,
  fuel: assets.fuel,
  isCertified: assets.isCertified,
  isInspected: assets.isInspected,
  warranty: assets.warranty,
  rentalPrice: assets.rentalPrice,
  rentDuration: assets.rentDuration,
  size: assets.size,
  condition: assets.condition,
  sizeCloth: assets.sizeCloth,
  createdAt: assets.createdAt,
};

type AssetViewRow = Pick<AssetRow, keyof typeof viewColumns>;

const LIST_ORDER: Record<ListQuery['sort'], SQL[]> = {
  newest: [desc(assets.createdAt), asc(assets.id)],
  'price-asc': [asc(assets.price), asc(assets.id)],
  'price-desc': [desc(assets.price), desc(assets.id)],
};

function toView(row: AssetViewRow, now: Date): AssetView {
  const photos = row.photos.map(toPhotoView);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    status: row.offer,
    availability: row.availability,
    type: row.type,
    location: row.location,
    owner: row.ownerName,
    ownerId: row.ownerId,
    contact: row.contact,
    features: row.features,
    image: photos[0]?.src ?? null,
    photos,
    transmission: row.transmission,
    fuel: row.fuel,
    certified: row.isCertified,
    inspected: row.isInspected,
    warranty: row.warranty,
    rentalPrice: row.rentalPrice,
    rentDuration: row.rentDuration,
    size: row.size,
    condition: row.condition,
    sizeCloth: row.sizeCloth,
    createdAt: row.createdAt.toISOString(),
    timeAgo: formatTimeAgo(row.createdAt, now),
  };
}

export type AssetsService = ReturnType<typeof createAssetsService>;

export function createAssetsService({ db, clock }: { db: Database; clock: Clock }) {
  /** One published asset, or NotFound. */
  async function getPublishedAsset(id: string): Promise<AssetView> {
    const [row] = await db
      .select(viewColumns)
      .from(assets)
      .where(and(eq(assets.id, id), isPublishedSql));
    if (!row) throw new NotFoundError(t('api.assetNotFound'));
    return toView(row, clock());
  }

  /** A page of published assets, optionally of one type and one offer. */
  async function listPublishedAssets(
    query: Partial<ListQuery> & { type?: AssetType },
    countCap = LIST_COUNT_CAP,
  ): Promise<Page<AssetView>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 12;
    const where = and(
      isPublishedSql,
      query.type ? eq(assets.type, query.type) : undefined,
      query.status ? eq(assets.offer, query.status) : undefined,
    );
    const [rows, count] = await Promise.all([
      db
        .select(viewColumns)
        .from(assets)
        .where(where)
        .orderBy(...LIST_ORDER[query.sort ?? 'newest'])
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      countUpTo(db, sql`${assets} where ${where}`, countCap),
    ]);
    const now = clock();
    return { items: rows.map((row) => toView(row, now)), page, pageSize, ...count };
  }

  /** Published assets matching what a visitor typed, best first (see searchPublishedProperties). */
  async function searchPublishedAssets(text: string, limit: number): Promise<Page<AssetView>> {
    const prefixQuery = toPrefixQuery(text);
    if (!prefixQuery) return listPublishedAssets({ pageSize: limit }, SEARCH_MATCH_CAP);
    const matches = publishedMatches(db, assets, prefixQuery);
    const rows = await db
      .with(matches)
      .select({ ...viewColumns, matchCount: matchCount(matches) })
      .from(matches)
      .innerJoin(assets, eq(assets.id, matches.matchId))
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

  /** Ids and change dates of published assets, newest first, for the sitemap. */
  async function listPublishedAssetIds(limit: number): Promise<{ id: string; updatedAt: Date }[]> {
    return db
      .select({ id: assets.id, updatedAt: assets.updatedAt })
      .from(assets)
      .where(isPublishedSql)
      .orderBy(desc(assets.createdAt))
      .limit(limit);
  }

  return { getPublishedAsset, listPublishedAssets, searchPublishedAssets, listPublishedAssetIds };
}
