import { t } from '#lib/i18n.ts';
import { FormMessage } from './form-message.tsx';

/** A page whose data could not be loaded: the reason, and a way to try again. */
export function LoadFailure({ message }: { message: string }) {
  return (
    <main id="main" className="container-page space-y-4 py-16">
      <FormMessage tone="error">{message}</FormMessage>
      <a href="" className="button-secondary">
        {t('home.retry')}
      </a>
    </main>
  );
}
