import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../events/event-bus';
import { browseCachesForgottenElsewhere, onBrowseCachesForgotten } from './browse-repository';

// On the database's path (a phrase, text beyond ASCII, while the index loads) browse remembers
// counts for 30 s and the year list for 10 s (browse-repository.ts); the index and its cards are
// exact anyway (browse-index-sync.ts reads the committed version on each browse). So that a
// listing written through one app process changes them on every process at once, each forget
// is announced on the event bus (LISTEN/NOTIFY on PostgreSQL) and every process forgets too.

/**
 * Shares this process's forgets with the other processes on the database and hears theirs;
 * the returned function stops both. Announcements are coalesced: while one is on its way,
 * further forgets send one more after it (the last forget of a write comes after its commit,
 * so the last announcement does too).
 */
export function shareBrowseCacheForgets(events: EventBus, log: FastifyBaseLogger): () => void {
  let sending = false;
  let again = false;
  const tell = () => {
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    events
      .announce('browse-cards')
      .catch((err: Error) => log.warn({ err: err.message }, 'browse: could not tell the other processes to forget'))
      .finally(() => {
        sending = false;
        if (again) {
          again = false;
          tell();
        }
      });
  };
  const stopTelling = onBrowseCachesForgotten(tell);
  const stopHearing = events.onAnnounce('browse-cards', browseCachesForgottenElsewhere);
  return () => {
    stopTelling();
    stopHearing();
  };
}
