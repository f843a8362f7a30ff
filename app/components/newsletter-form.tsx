import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { t } from '#lib/i18n.ts';
import { MESSAGE_CLEAR_MS } from '#lib/timings.ts';
import { useTransientResult } from '../use-transient-result.ts';
import { FormMessage } from './form-message.tsx';

export function NewsletterForm() {
  const fetcher = useFetcher<FormResult>({ key: 'newsletter' });
  const formRef = useRef<HTMLFormElement>(null);
  const result = useTransientResult(fetcher.data, MESSAGE_CLEAR_MS.newsletter);
  const isSubmitting = fetcher.state !== 'idle';

  useEffect(() => {
    if (fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.data]);

  return (
    <fetcher.Form ref={formRef} method="post" action="/newsletter" className="space-y-2" noValidate>
      <label htmlFor="newsletter-email" className="block text-sm text-slate-300">
        {t('footer.newsletterHint')}
      </label>
      <div className="flex gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder={t('footer.newsletterEmail')}
          aria-label={t('footer.newsletterEmail')}
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-600 bg-slate-800 px-3 text-white placeholder:text-slate-400"
        />
        <button type="submit" className="button-primary shrink-0" disabled={isSubmitting}>
          {t('footer.subscribe')}
        </button>
      </div>
      <div aria-live="polite" className="min-h-0">
        {isSubmitting ? (
          <FormMessage tone="pending">{t('footer.subscribing')}</FormMessage>
        ) : result ? (
          <FormMessage tone={result.ok ? 'success' : 'error'}>
            {result.ok
              ? result.message
              : (result.fieldErrors.email ?? (result.message || t('newsletter.failed')))}
          </FormMessage>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
