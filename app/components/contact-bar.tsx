import { formatRwf } from '#lib/format.ts';
import { t } from '#lib/i18n.pages.ts';
import { telHref, whatsappUrl } from '#lib/site.ts';
import { Icon } from './icon.tsx';
import { ShareButton } from './share-button.tsx';

/**
 * Call, WhatsApp and Share for one listing. On a phone it stays at the bottom of the screen
 * while the visitor scrolls, so the owner is one tap away from the first screen; on a wide
 * screen it sits with the owner's details. Without a contact number, the way to the owner is
 * the Request Information form.
 *
 * While it is fixed, the page keeps the bar's height free below its end and scrolls answers and
 * focused fields clear of it (`body:has([data-contact-bar])` in app/app.css), and Share shows
 * its icon alone on a narrow phone, so that Call and WhatsApp keep their whole labels.
 */
export function ContactBar({
  title,
  price,
  contact,
  url,
}: {
  title: string;
  price: number;
  contact: string | null;
  /** The listing's own address, to share and to name in the WhatsApp message. */
  url: string;
}) {
  return (
    <div
      data-contact-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur max-lg:my-0 lg:static lg:rounded-xl lg:border lg:p-4 lg:shadow-sm"
    >
      <div className="mx-auto grid max-w-6xl grid-cols-[1fr_1fr_auto] gap-2 whitespace-nowrap sm:grid-cols-3 lg:grid-cols-2">
        {contact ? (
          <>
            <a
              href={telHref(contact)}
              className="button-primary px-2"
              aria-label={t('reach.callLabel', { contact })}
            >
              <Icon name="phone" className="h-5 w-5" />
              {t('reach.call')}
            </a>
            <a
              href={whatsappUrl(t('reach.whatsappText', { title, url }), contact)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('reach.whatsappLabel', { contact })}
              className="button-primary bg-[#1f8f4e] px-2 hover:bg-[#17733e]"
            >
              <Icon name="chat" className="h-5 w-5" />
              {t('reach.whatsapp')}
            </a>
          </>
        ) : (
          <a href="#inquiry-heading" className="button-primary col-span-2 px-2">
            <Icon name="mail" className="h-5 w-5" />
            {t('reach.ask')}
          </a>
        )}
        <ShareButton
          className="lg:col-span-2"
          isLabelHiddenOnPhone
          title={title}
          text={t('share.text', { title, price: formatRwf(price) })}
          url={url}
        />
      </div>
    </div>
  );
}
