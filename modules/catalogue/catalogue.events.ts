import type { Transaction } from '#db/client.ts';

/**
 * "The published catalogue changed": one event for every committed change that may alter what
 * visitors find (a listing published, unpublished, edited while published, withdrawn, marked
 * sold or rented, or its owner's account deleted). The listing writer (catalogue.writes.ts)
 * signals it for every listing written, and the accounts service for an owner renamed or
 * verified; whatever keeps its own picture of the catalogue listens (the cached answers, the page cache,
 * other processes through Redis). server/listing-reactions.ts lists every reaction to a listing
 * written or a catalogue change, and wires those that belong to no single service.
 *
 * The event carries no payload: a listener re-reads what it needs. It may fire for a change
 * nobody could see (forgetting a cache is cheap); it never fires for a change that was refused
 * or rolled back, because it is signalled only after the transaction has committed.
 */
export type CatalogueEvents = {
  /** Tells every listener, at once and in the order they subscribed. Call after the commit. */
  changed(): void;
  /** Calls `listener` on every change from now on; answers the function that stops it. */
  onChange(listener: () => void): () => void;
  /**
   * One listing written, before and after, told inside the transaction that writes it: its
   * listeners add their durable jobs there (matching when it becomes public, alerts to those
   * who saved it when its price drops or it is sold), so the jobs exist exactly when the change
   * does. A listener that throws fails the change.
   */
  listingWritten(change: ListingWrite, tx: Transaction): Promise<void>;
  /** Calls `listener` inside the transaction of every listing written from now on. */
  onListingWritten(listener: ListingWriteListener): void;
};

/** What listeners need of a listing row (property or asset). */
export type ListingState = {
  id: string;
  moderation: 'Pending' | 'Approved' | 'Rejected';
  availability: 'Available' | 'Sold' | 'Rented';
  price: number;
  deletedAt: Date | null;
  /** Taken off the public pages by reports or an admin. */
  hiddenAt: Date | null;
  /** Left the lists for want of a confirmation, or some days after being sold or rented. */
  expiredAt: Date | null;
};

/** A listing as it was (null: just created) and as it is now. */
export type ListingWrite = {
  kind: 'property' | 'asset';
  before: ListingState | null;
  after: ListingState;
};

type ListingWriteListener = (change: ListingWrite, tx: Transaction) => Promise<void>;

/** Whether visitors can find it: approved, not deleted, hidden or expired (isPublishedSql). */
export function isPublished(listing: ListingState | null): listing is ListingState {
  return (
    listing !== null &&
    listing.moderation === 'Approved' &&
    listing.deletedAt === null &&
    listing.hiddenAt === null &&
    listing.expiredAt === null
  );
}

/** Whether visitors can find it and take it: published and still available. */
export function isOnOffer(listing: ListingState | null): boolean {
  return isPublished(listing) && listing.availability === 'Available';
}

/**
 * One in-process emitter, created once per server with its services. Listeners run
 * synchronously; one that throws is reported to `onListenerError` and the others still run,
 * because the change itself is already committed and its caller must still hear it succeeded.
 */
export function createCatalogueEvents({
  onListenerError,
}: {
  onListenerError: (error: unknown) => void;
}): CatalogueEvents {
  const listeners = new Set<() => void>();
  const writeListeners: ListingWriteListener[] = [];
  return {
    async listingWritten(change, tx) {
      for (const listener of writeListeners) await listener(change, tx);
    },
    onListingWritten(listener) {
      writeListeners.push(listener);
    },
    changed() {
      // A copy: a listener may unsubscribe (itself or another) while the others are told.
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    onChange(listener) {
      const subscription = () => listener();
      listeners.add(subscription);
      return () => {
        listeners.delete(subscription);
      };
    },
  };
}
