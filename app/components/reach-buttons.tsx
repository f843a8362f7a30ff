import { t } from '#lib/i18n.pages.ts';
import { telHref, whatsappUrl } from '#lib/site.ts';
import type { InquiryView } from '#modules/inquiries/inquiries.schema.ts';
import { Icon } from './icon.tsx';

/**
 * Call and WhatsApp the other side of a conversation: the visitor's number for the owner side,
 * the listing's contact number for the visitor. The WhatsApp message names the listing.
 */
export function ReachButtons({
  inquiry,
  listingUrl,
}: {
  inquiry: Pick<InquiryView, 'viewerSide' | 'phone' | 'name' | 'listingContact' | 'listingTitle'>;
  /** The listing's absolute address, for the visitor's message to the owner. */
  listingUrl: string;
}) {
  const isOwner = inquiry.viewerSide === 'owner';
  const phone = isOwner ? inquiry.phone : inquiry.listingContact;
  if (!phone) return null;
  const text = isOwner
    ? t('inquiries.whatsappToVisitor', { name: inquiry.name, title: inquiry.listingTitle })
    : t('inquiries.whatsappToOwner', { title: inquiry.listingTitle, url: listingUrl });
  return (
    <div className="grid grid-cols-2 gap-2">
      <a
        href={telHref(phone)}
        className="button-primary px-2"
        aria-label={t('reach.callLabel', { contact: phone })}
      >
        <Icon name="phone" className="h-5 w-5" />
        {t('reach.call')}
      </a>
      <a
        href={whatsappUrl(text, phone)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('reach.whatsappLabel', { contact: phone })}
        className="button-primary bg-[#1f8f4e] px-2 hover:bg-[#17733e]"
      >
        <Icon name="chat" className="h-5 w-5" />
        {t('reach.whatsapp')}
      </a>
    </div>
  );
}
