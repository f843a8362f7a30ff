import { formatDateTime } from '#lib/format.ts';
import { t } from '#lib/i18n.pages.ts';
import type { InquiryView } from '#modules/inquiries/inquiries.schema.ts';

/**
 * A conversation's messages, oldest first: the viewer's own on the right, signed "You"; the
 * visitor's by the name they gave, the owner side's as the lister's.
 */
export function ConversationThread({
  conversation,
}: {
  conversation: Pick<InquiryView, 'messages' | 'viewerSide' | 'name'>;
}) {
  return (
    <ol
      className="space-y-3"
      aria-label={t('inquiries.conversationWith', { name: conversation.name })}
    >
      {conversation.messages.map((message, index) => {
        const isMine = message.from === conversation.viewerSide;
        const author = isMine
          ? t('inquiries.you')
          : message.from === 'visitor'
            ? conversation.name
            : t('inquiries.lister');
        return (
          <li key={index} className={`flex ${isMine ? 'justify-end' : 'justify-start'}`}>
            <article
              className={`max-w-[85%] rounded-2xl px-4 py-3 shadow-sm ${
                isMine ? 'bg-brand-50 text-slate-900' : 'border border-slate-200 bg-white'
              }`}
            >
              <p className="text-xs font-semibold text-slate-600">
                {author} ·{' '}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{message.body}</p>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
