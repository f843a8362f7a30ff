import { useLocation } from 'react-router';
import { currentLocale, LOCALES, switchPathLocale, t, type Locale } from '#lib/i18n.ts';

/** Each language by its own name, the same on every page. */
const LANGUAGE_NAMES: Record<Locale, string> = {
  rw: 'Kinyarwanda',
  en: 'English',
  fr: 'Français',
};

/**
 * Kinyarwanda | English | Français: the same page in another language, a full page load (the
 * texts come with it), remembered for the next visit.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const current = currentLocale();
  return (
    <nav aria-label={t('language.label')} className={className}>
      <ul className="flex flex-wrap items-center gap-x-1">
        {LOCALES.map((locale, index) => (
          <li key={locale} className="flex items-center gap-x-1">
            {index > 0 && <span aria-hidden="true">|</span>}
            <a
              href={`/language?to=${locale}&next=${encodeURIComponent(switchPathLocale(here, locale))}`}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              className={`rounded px-1.5 py-1 whitespace-nowrap hover:underline ${
                locale === current ? 'font-bold underline' : 'font-medium'
              }`}
            >
              {LANGUAGE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
