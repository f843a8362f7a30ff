import { LRUCache } from 'lru-cache';

/**
 * "A user's own state changed": what every page shows a signed-in user of their own (how many of
 * their notifications are unread, which listings they saved). The services that write it signal
 * the user after the write, or everyone at once for a change that reaches many (a broadcast);
 * the caches of that state listen, and with Redis the change is relayed to the other processes,
 * whose caches forget everyone's (the relay carries no user).
 */
export type PersonalEvents = {
  /** Tells every listener that `userId`'s state changed, or everyone's without it. */
  changed(userId?: string): void;
  /** Calls `listener` on every change from now on; answers the function that stops it. */
  onChange(listener: (userId?: string) => void): () => void;
};

export function createPersonalEvents(): PersonalEvents {
  const listeners = new Set<(userId?: string) => void>();
  return {
    changed(userId) {
      for (const listener of [...listeners]) listener(userId);
    },
    onChange(listener) {
      const subscription = (userId?: string) => listener(userId);
      listeners.add(subscription);
      return () => {
        listeners.delete(subscription);
      };
    },
  };
}

/**
 * The signed-in users whose state each cache keeps: those browsing now. Typically a few MB: a
 * saved id is about 80 bytes kept, and most users save a handful of listings (200 at most).
 */
const MAX_KEPT_USERS = 5_000;
/**
 * How long a user's state is kept at most. Every write of it forgets it once committed
 * (`afterCommit`); the limit bounds what a write outside the services could leave behind. A
 * few minutes spans a visit of several pages.
 */
const PERSONAL_STATE_SECONDS = 120;

type Kept<Value> = { variant: string; value: Promise<Value> };

/**
 * One piece of every signed-in user's state, kept per user so that page after page of a visit
 * reads it once, until the user's next change (`events`). `variant` is what else the value
 * depends on (a role, for the notifications a role receives): another variant reads again.
 *
 * As with the catalogue cache, what is kept is the read itself, from the moment it starts: a
 * change while it is under way drops it, so the next page reads again. A failed read is dropped.
 */
export function createPersonalCache<Value>({ events }: { events: PersonalEvents }) {
  const kept = new LRUCache<string, Kept<Value>>({
    max: MAX_KEPT_USERS,
    ttl: PERSONAL_STATE_SECONDS * 1000,
  });
  // The cache lives as long as the emitter (both are made once per server): no unsubscribe.
  events.onChange((userId) => {
    if (userId === undefined) kept.clear();
    else kept.delete(userId);
  });

  /** `userId`'s value for `variant`, kept or read by `read`. */
  function answer(userId: string, variant: string, read: () => Promise<Value>): Promise<Value> {
    const entry = kept.get(userId);
    if (entry?.variant === variant) return entry.value;
    const value = read();
    const reading = { variant, value };
    kept.set(userId, reading);
    value.catch(() => {
      if (kept.peek(userId) === reading) kept.delete(userId);
    });
    return value;
  }

  return { answer };
}
