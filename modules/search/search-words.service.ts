import type { Database } from '#db/client.ts';
import { assets, properties } from '#db/schema.ts';
import { forgetUnheldWords } from '#modules/catalogue/catalogue.sql.ts';
import type { JobQueue } from '#modules/jobs/jobs.service.ts';

/** Once a night (03:40 in Kigali): a day's edits leave few words behind. */
const SWEEP_CRON = '40 1 * * *';

/**
 * The nightly sweep of the words live search expands what visitors type into (`search_words`):
 * the words no listing holds any more, and the headline marks no headline holds, are forgotten
 * (`forgetUnheldWords`), a hundred words per transaction, so that neither listing writes
 * nor (on the embedded database) searches wait for more than a moment. A sweep cut short by a
 * crash has lost nothing; the next one does the rest.
 */
export function createSearchWordsService({ db, jobs }: { db: Database; jobs: JobQueue }) {
  /** Sweeps now: how many words were forgotten, and how many lost their headline mark. */
  async function sweep({ wordsPerTransaction }: { wordsPerTransaction?: number } = {}) {
    const swept = { forgotten: 0, unmarked: 0 };
    for (const table of [properties, assets]) {
      for (let after: string | null = ''; after !== null;) {
        const from: string = after;
        const batch = await db.transaction((tx) =>
          forgetUnheldWords(tx, table, { after: from, limit: wordsPerTransaction }),
        );
        swept.forgotten += batch.forgotten;
        swept.unmarked += batch.unmarked;
        after = batch.last;
      }
    }
    return swept;
  }

  jobs.define('search-words-sweep', {
    isTransactional: false,
    policy: 'stately',
    cron: SWEEP_CRON,
    run: async () => {
      await sweep();
    },
  });

  return { sweep };
}
