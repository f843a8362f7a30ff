import { Link } from '#app/components/link.tsx';
import { localePath } from '#lib/i18n.ts';
import { t, tCount } from '#lib/i18n.pages.ts';
import type { InquiryView } from '#modules/inquiries/inquiries.schema.ts';
import { formatDateTime } from '#lib/format.ts';
import { ReachButtons } from './reach-buttons.tsx';

/**
 * One conversation in a list: about which listing, with whom, how fresh, and whether new, with
 * Call and WhatsApp beside it (outside the heading's link). `owner` (the admin panel) names the
 * lister too; `children` are row actions.
 */
export function ConversationCard({
  inquiry,
  origin,
  owner,
  children,
}: {
  inquiry: InquiryView;
  /** The site's origin, for the listing's address in the visitor's WhatsApp message. */
  origin: string;
  owner?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const other = inquiry.viewerSide === 'owner' ? inquiry.name : inquiry.ownerName;
  const last = inquiry.messages.at(-1)!;
  return (
    <li>
      <article
        className={`rounded-xl border bg-white p-4 shadow-sm ${
          inquiry.unread ? 'border-l-4 border-brand-600' : 'border-slate-200'
        }`}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className={`text-lg break-words ${inquiry.unread ? 'font-bold' : 'font-medium'}`}>
            <Link to={`/inquiries/${inquiry.id}`} className="hover:underline">
              {t('inquiries.about', { title: inquiry.listingTitle })}
            </Link>
          </h2>
          <div className="flex flex-wrap gap-2 text-xs font-semibold">
            {inquiry.unread && (
              <span className="rounded bg-brand-700 px-2 py-0.5 text-white">
                {t('inquiries.unread')}
              </span>
            )}
            {inquiry.handled && (
              <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700">
                {t('inquiries.handled')}
              </span>
            )}
          </div>
        </div>
        <p className="mt-1 text-sm text-slate-700">{t('inquiries.from', { name: other })}</p>
        {owner}
        <p className="mt-2 line-clamp-2 break-words text-slate-800">{last.body}</p>
        <p className="mt-2 flex flex-wrap justify-between gap-2 text-sm text-slate-600">
          <span>
            {t('inquiries.lastActivity', { time: formatDateTime(inquiry.lastMessageAt) })}
          </span>
          <span>{tCount('inquiries.messages', inquiry.messages.length)}</span>
        </p>
        <div className="mt-3 empty:hidden">
          <ReachButtons
            inquiry={inquiry}
            listingUrl={`${origin}${localePath(inquiry.listingPath)}`}
          />
        </div>
        {children}
      </article>
    </li>
  );
}
