import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.ts';

/** 'Home / {title}' above a detail page. */
export function Breadcrumb({ title }: { title: string }) {
  return (
    <nav aria-label={t('listing.breadcrumb')} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="font-medium text-brand-800 hover:underline">
            {t('nav.home')}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="truncate">
          {title}
        </li>
      </ol>
    </nav>
  );
}
