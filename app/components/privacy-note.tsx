import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.ts';

/** The line beside a form that collects personal data: how we use it, and the notice. */
export function PrivacyNote({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const colour = tone === 'dark' ? 'text-slate-300' : 'text-slate-600';
  return (
    <p className={`text-sm ${colour}`}>
      {t('privacy.formNote')}{' '}
      <Link to="/privacy" className="font-medium underline">
        {t('privacy.formLink')}
      </Link>
    </p>
  );
}
