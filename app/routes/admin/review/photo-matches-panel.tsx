import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.all.ts';
import type { PhotoMatchView } from '#modules/photo-matches/photo-matches.schema.ts';
import { ReviewPhoto } from './review-photo.tsx';

const PAIR_SIZES = '(min-width: 1024px) 11rem, 50vw';

/**
 * "Photos match another owner's listing": each of this listing's photos that looks like one of
 * another owner's listing, the two side by side, with that listing's title, owner and state.
 */
export function PhotoMatchesPanel({
  title,
  matches,
}: {
  title: string;
  matches: readonly PhotoMatchView[];
}) {
  if (matches.length === 0) return null;
  return (
    <section
      aria-labelledby="photo-matches-heading"
      className="space-y-4 rounded-xl border border-amber-300 bg-amber-50 p-5 shadow-sm"
    >
      <h2 id="photo-matches-heading" className="text-lg font-bold text-amber-950">
        {t('photoMatch.heading')}
      </h2>
      <p className="text-sm text-amber-950">{t('photoMatch.intro')}</p>
      <ul className="space-y-4">
        {matches.map((match) => (
          <li
            key={match.matched.id}
            className="space-y-2 border-t border-amber-200 pt-4 first:border-0 first:pt-0"
          >
            <div className="grid grid-cols-2 gap-2">
              <figure className="space-y-1">
                <ReviewPhoto
                  photo={match.photo}
                  title={title}
                  sizes={PAIR_SIZES}
                  className="rounded-lg"
                />
                <figcaption className="text-xs font-semibold text-slate-700">
                  {t('photoMatch.thisListing')}
                </figcaption>
              </figure>
              <figure className="space-y-1">
                <ReviewPhoto
                  photo={match.matched.photo}
                  title={match.matched.title}
                  sizes={PAIR_SIZES}
                  className="rounded-lg"
                />
                <figcaption className="text-xs font-semibold break-words text-slate-700">
                  {t('photoMatch.otherListing', { title: match.matched.title })}
                </figcaption>
              </figure>
            </div>
            <p className="text-sm text-slate-800">
              {t('listing.owner')}:{' '}
              <Link
                to={`/admin-panel/users/${match.matched.ownerId}`}
                className="text-brand-800 underline"
              >
                {match.matched.ownerName}
              </Link>{' '}
              · {t(`supply.moderation.${match.matched.moderation}`)}
            </p>
            <Link
              to={`/admin-panel/supplied-property/${match.matched.id}`}
              className="button-secondary w-full"
            >
              {t('photoMatch.open')}
              <span className="sr-only">: {match.matched.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
