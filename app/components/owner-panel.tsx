import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { telHref } from '#lib/site.ts';
import { FactList } from './fact-list.tsx';
import { VerifiedSellerBadge } from './verified-seller-badge.tsx';

/** Who to call about a listing, beside the inquiry form. */
export function OwnerPanel({
  owner,
  ownerId,
  isOwnerVerified = false,
  contact,
  timeAgo,
  isPublished,
}: {
  owner: string | null;
  /** The owner's account: when given, the name links to their public profile. */
  ownerId?: string | null;
  /** An admin checked the owner's identity: the "Verified seller" badge. */
  isOwnerVerified?: boolean;
  contact: string | null;
  timeAgo: string;
  /** A supply still under review was sent, not listed. */
  isPublished: boolean;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <FactList
        facts={[
          {
            label: t('listing.owner'),
            value:
              owner && ownerId ? (
                <Link to={`/users/${ownerId}`} className="text-brand-800 underline">
                  {owner}
                </Link>
              ) : (
                (owner ?? t('listing.notGiven'))
              ),
          },
          {
            label: t('listing.contact'),
            value: contact ? (
              <a href={telHref(contact)} className="text-brand-800 underline">
                {contact}
              </a>
            ) : (
              t('listing.notGiven')
            ),
          },
        ]}
      />
      {isOwnerVerified && (
        <p className="mt-3">
          <VerifiedSellerBadge />
        </p>
      )}
      <p className="mt-3 text-sm text-slate-600">
        {t(isPublished ? 'listing.listedAgo' : 'listing.sentAgo', { timeAgo })}
      </p>
    </section>
  );
}
