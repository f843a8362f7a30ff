import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';

/**
 * 'Home / {title}' above a detail page, on one line: the title, which the heading below gives in
 * full, is cut short rather than taking a phone's first screen from the page itself.
 */
export function Breadcrumb({ title }: { title: string }) {
  return (
    <nav aria-label={t('listing.breadcrumb')} className="text-sm text-slate-600">
      <ol className="flex items-center gap-1">
        <li className="shrink-0">
          <Link to="/" className="font-medium text-brand-800 hover:underline">
            {t('nav.home')}
          </Link>
        </li>
        <li aria-hidden="true" className="shrink-0">
          /
        </li>
        <li aria-current="page" className="min-w-0 truncate">
          {title}
        </li>
      </ol>
    </nav>
  );
}
