// What must happen only once a transaction has committed (the outbox's worker woken for a message
// the transaction queued): a row written in a transaction is invisible to others until then, and
// gone if it rolls back. Drizzle has no such hook, so every connection this app opens
// (openDbConnection) runs its transactions through runAfterCommit's wrapper.

type Callbacks = Array<() => void>;
type Begin = (work: (tx: object) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** Each open transaction's callbacks; a savepoint (tx.transaction) shares its outer transaction's. */
const pending = new WeakMap<object, Callbacks>();

/**
 * Makes `db.transaction` call, once the transaction has committed, what `afterCommit` was given
 * inside it; a rollback drops them. Returns the same object.
 */
export function runAfterCommit<T extends { transaction: unknown }>(db: T): T {
  const begin = (db.transaction as Begin).bind(db);
  Object.assign(db, {
    transaction: async (work: (tx: object) => Promise<unknown>, config?: unknown) => {
      const callbacks: Callbacks = [];
      const result = await begin((tx) => work(adopt(tx, callbacks)), config);
      // Committed: the transaction's promise resolves only after COMMIT.
      for (const callback of callbacks) callback();
      return result;
    },
  });
  return db;
}

function adopt(tx: object, callbacks: Callbacks): object {
  pending.set(tx, callbacks);
  const savepoint = ((tx as { transaction: Begin }).transaction as Begin).bind(tx);
  // A savepoint's callbacks wait for the outer commit (a rolled-back savepoint's still run then: a spare wake-up).
  Object.assign(tx, {
    transaction: (work: (inner: object) => Promise<unknown>, config?: unknown) =>
      savepoint((inner) => work(adopt(inner, callbacks)), config),
  });
  return tx;
}

/**
 * Calls `callback` once what `dbOrTx` wrote is committed: after the transaction commits when it
 * is one (never, if it rolls back), at once when it is the database itself (each statement
 * committed on its own). Must not throw: the transaction has committed by then.
 * A transaction opened without runAfterCommit (none is, today) would call it at once too: for a
 * wake-up, early rather than lost (the outbox's worker also polls).
 */
export function afterCommit(dbOrTx: object, callback: () => void): void {
  const callbacks = pending.get(dbOrTx);
  if (callbacks) callbacks.push(callback);
  else callback();
}
