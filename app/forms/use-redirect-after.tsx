import { localePath } from '#lib/i18n.ts';
import { useEffect } from 'react';
import { useActionData, useNavigate } from 'react-router';
import type { FormResult } from '#lib/form-result.ts';
import { REDIRECT_DELAY_MS } from '#lib/timings.ts';

/**
 * After a successful sign-in or registration, waits the spec's 2 seconds (the message shows
 * meanwhile) and goes where the answer says. The action already set the session cookie and
 * React Router reloaded the page data, so the next page sees the new user.
 */
export function useRedirectAfter(result: FormResult | undefined): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!result?.ok || !result.redirectTo) return;
    const target = result.redirectTo;
    const timer = setTimeout(
      () => navigate(localePath(target), { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [result, navigate]);
}

/**
 * The same for a form posted without JavaScript: the browser follows a refresh tag (React
 * places it in the document head). Only for such a post (the page's own action data): with
 * JavaScript the form posts through a fetcher, and a refresh racing the client-side navigation
 * would reload the next page under the visitor's fingers.
 */
export function RedirectAfter() {
  const result = useActionData<FormResult>();
  if (!result?.ok || !result.redirectTo) return null;
  return (
    <meta
      httpEquiv="refresh"
      content={`${REDIRECT_DELAY_MS / 1000};url=${localePath(result.redirectTo)}`}
    />
  );
}
