/**
 * The support queue's words and bounds, with no import at all: the database's checks, the
 * service, and the pages' selects and `maxLength` attributes read them from here.
 */

/** Where a ticket comes from: the contact form, reported listings, a payer, a locked-out user. */
export const TICKET_KINDS = [
  'contact',
  'listingReport',
  'paymentDispute',
  'accountAccess',
] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

/** Open: an admin's turn. Waiting: the requester's (an admin answered). Closed: done. */
export const TICKET_STATUSES = ['open', 'waiting', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Who wrote a ticket's message: its requester, an admin (e-mailed), or an internal note. */
export const TICKET_AUTHORS = ['requester', 'admin', 'note'] as const;
export type TicketAuthor = (typeof TICKET_AUTHORS)[number];

/** Whose tickets the queue shows: the reader's, nobody's, or anyone's. */
export const TICKET_ASSIGNEE_FILTERS = ['me', 'unassigned', 'anyone'] as const;

/** A message of a ticket: a reply, a note, what the requester wrote. */
export const TICKET_MESSAGE_MAX_LENGTH = 5000;

/** Tickets on one page of the queue. */
export const TICKET_QUEUE_PAGE_SIZE = 20;

/** How long the link in a reply e-mail opens its ticket; every reply brings a fresh one. */
export const TICKET_LINK_DAYS = 30;
