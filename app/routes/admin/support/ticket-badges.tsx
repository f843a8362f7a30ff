import { t } from '#lib/i18n.all.ts';
import type { TicketKind, TicketStatus } from '#lib/support.ts';

const KIND_COLOURS: Record<TicketKind, string> = {
  contact: 'bg-sky-100 text-sky-900',
  listingReport: 'bg-amber-100 text-amber-900',
  paymentDispute: 'bg-violet-100 text-violet-900',
  accountAccess: 'bg-rose-100 text-rose-900',
};

const STATUS_COLOURS: Record<TicketStatus, string> = {
  open: 'bg-emerald-100 text-emerald-900',
  waiting: 'bg-slate-200 text-slate-800',
  closed: 'bg-white text-slate-700 ring-1 ring-slate-300',
};

const BADGE = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold';

/** Where a ticket comes from: the contact form, a listing report, a payment, an account. */
export function TicketKindBadge({ kind }: { kind: TicketKind }) {
  return <span className={`${BADGE} ${KIND_COLOURS[kind]}`}>{t(`support.kind.${kind}`)}</span>;
}

/** Whose turn it is: the team's (open), the requester's (waiting), nobody's (closed). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span className={`${BADGE} ${STATUS_COLOURS[status]}`}>{t(`support.status.${status}`)}</span>
  );
}
