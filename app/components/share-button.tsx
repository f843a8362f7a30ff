import { useRef, useState } from 'react';
import { t } from '#lib/i18n.pages.ts';
import { Icon } from './icon.tsx';

/**
 * Sends a listing's link on: the phone's share sheet where the browser has one; otherwise (and
 * without JavaScript) a small menu with WhatsApp, where Kigali's listings travel, and the link
 * to copy.
 */
export function ShareButton({
  title,
  text,
  url,
  className = '',
  isLabelHiddenOnPhone = false,
}: {
  title: string;
  text: string;
  url: string;
  className?: string;
  /** Below 640 px only the icon shows (the button keeps its name for screen readers). */
  isLabelHiddenOnPhone?: boolean;
}) {
  const [copyOutcome, setCopyOutcome] = useState<'idle' | 'copied' | 'refused'>('idle');
  const linkField = useRef<HTMLInputElement>(null);
  const message = `${text}\n${url}`;

  function shareNatively(event: React.MouseEvent) {
    if (typeof navigator.share !== 'function') return;
    event.preventDefault();
    navigator.share({ title, text, url }).catch(() => undefined);
  }

  /**
   * No clipboard (an old browser, a page not served over HTTPS) or a refused write: the link is
   * selected in its field for the visitor to copy, and they are told so.
   */
  async function copyLink() {
    try {
      if (typeof navigator.clipboard?.writeText !== 'function') throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopyOutcome('copied');
    } catch {
      setCopyOutcome('refused');
      linkField.current?.focus();
      linkField.current?.select();
    }
  }

  return (
    <details className={`group relative ${className}`}>
      <summary
        onClick={shareNatively}
        className="button-secondary w-full cursor-pointer list-none"
        aria-label={t('share.label', { title })}
      >
        <Icon name="share" className="h-5 w-5" />
        <span className={isLabelHiddenOnPhone ? 'max-sm:sr-only' : undefined}>
          {t('share.button')}
        </span>
      </summary>
      <div className="absolute right-0 bottom-full z-40 mb-2 w-64 space-y-2 rounded-xl border border-slate-200 bg-white p-3 shadow-lg lg:top-full lg:bottom-auto lg:mt-2 lg:mb-0">
        <a
          href={`https://wa.me/?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noopener noreferrer"
          className="button-secondary w-full"
        >
          {t('share.whatsapp')}
        </a>
        <label className="block text-sm text-slate-700">
          {t('share.link')}
          <input
            ref={linkField}
            readOnly
            value={url}
            className="field-input mt-1 text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
        </label>
        <button type="button" onClick={copyLink} className="button-secondary w-full">
          {copyOutcome === 'copied' ? t('share.copied') : t('share.copy')}
        </button>
        <p aria-live="polite" className="text-sm text-slate-700 empty:hidden">
          {copyOutcome === 'refused' ? t('share.copyManually') : ''}
        </p>
      </div>
    </details>
  );
}
