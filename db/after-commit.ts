import type { Database, Transaction } from './database.ts';

/** What to do once each open transaction has committed, by the transaction given its work. */
const pending = new WeakMap<Database | Transaction, (() => void)[]>();

/**
 * Runs `callback` once the writes made through `db` are committed: at the end of its
 * transaction when `db` is one (never, when it rolls back), at once otherwise. For what other
 * connections must not see early, such as telling caches to read again: a read on PostgreSQL
 * between the telling and the commit would keep what the transaction is about to replace.
 * Inside a savepoint (`tx.transaction`) it runs at once: give it the outer transaction.
 */
export function afterCommit(db: Database | Transaction, callback: () => void): void {
  const callbacks = pending.get(db);
  if (callbacks) callbacks.push(callback);
  else callback();
}

/**
 * Makes `db.transaction` run what `afterCommit` was given for its transaction once it has
 * committed. Done once, where the database is opened, for both engines.
 */
export function withAfterCommit(db: Database): void {
  const transaction = db.transaction.bind(db);
  const withCallbacks: Database['transaction'] = async (work, config) => {
    const callbacks: (() => void)[] = [];
    const result = await transaction(async (tx) => {
      pending.set(tx, callbacks);
      return work(tx);
    }, config);
    for (const callback of callbacks) callback();
    return result;
  };
  db.transaction = withCallbacks;
}
