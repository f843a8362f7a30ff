import { and, eq } from 'drizzle-orm';
import { isPublishedSql } from '#db/catalogue-sql.ts';
import type { Database } from '#db/client.ts';
import { assets, inquiries, properties } from '#db/schema.ts';
import { NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.ts';
import type { InquiryInput } from './inquiries.schema.ts';

export type InquiriesService = ReturnType<typeof createInquiriesService>;

export function createInquiriesService({ db }: { db: Database }) {
  async function findListing(id: string) {
    const [property] = await db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.id, id), isPublishedSql));
    if (property) return { propertyId: property.id, assetId: null };
    const [asset] = await db
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.id, id), isPublishedSql));
    if (asset) return { propertyId: null, assetId: asset.id };
    throw new NotFoundError(t('api.listingNotFound'));
  }

  /** Stores a visitor's information request against the published listing it came from. */
  async function createInquiry(input: InquiryInput): Promise<{ id: string }> {
    const listing = await findListing(input.listingId);
    const [row] = await db
      .insert(inquiries)
      .values({
        ...listing,
        name: input.name,
        email: input.email,
        phone: input.phone,
        role: input.role,
        message: input.message,
        isAgreedToEmails: input.agree,
      })
      .returning({ id: inquiries.id });
    return { id: row!.id };
  }

  return { createInquiry };
}
