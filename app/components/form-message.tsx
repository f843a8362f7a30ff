import { useEffect, useRef } from 'react';

/**
 * The answer a message should bring into view: a success, or a refusal that no error summary
 * speaks for (a refusal naming fields moves the focus to its summary instead).
 */
export function answerToShow<Result extends { ok: boolean; fieldErrors?: object }>(
  result: Result | null | undefined,
): Result | undefined {
  if (!result) return undefined;
  const hasFieldErrors = !result.ok && Object.keys(result.fieldErrors ?? {}).length > 0;
  return hasFieldErrors ? undefined : result;
}

/**
 * The status line under a form; announced to screen readers as it changes. Given the `answer`
 * it shows, it comes into view and takes the focus each time a new one arrives, so the person
 * who pressed the button sees it, even on a phone whose screen bottom is a fixed bar (the page
 * keeps its scroll clear of that bar: app/app.css).
 */
export function FormMessage({
  tone,
  children,
  answer,
}: {
  tone: 'success' | 'error' | 'pending';
  children: React.ReactNode;
  /** The form's answer this line shows (see answerToShow). */
  answer?: object | null;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const message = ref.current;
    if (!answer || !message) return;
    message.scrollIntoView({ block: 'nearest' });
    message.focus({ preventScroll: true });
  }, [answer]);
  const tones = {
    success: 'border-brand-600 bg-brand-50 text-brand-900',
    error: 'border-red-600 bg-red-50 text-red-800',
    pending: 'border-slate-300 bg-slate-50 text-slate-700',
  };
  return (
    <p
      ref={ref}
      tabIndex={answer ? -1 : undefined}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border-l-4 px-3 py-2 text-sm font-medium outline-none ${tones[tone]}`}
    >
      {children}
    </p>
  );
}
