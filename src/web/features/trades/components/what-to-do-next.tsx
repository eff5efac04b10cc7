import { Link } from 'react-router';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../paths';
import { useTrades } from '../api/get-trades';
import type { Trade } from '../types';

export interface WhatToDoNextCardProps {
  /** The heading's level where the card is placed (default 2). */
  headingLevel?: 2 | 3;
  className?: string;
}

interface Task {
  trade: Trade;
  text: string;
}

/** Every trade waiting on this member, in the order the work comes: answer, post, confirm, rate. */
export function tradesWaitingOn(owned: Trade[], requested: Trade[]): Task[] {
  const name = (t: Trade) => t.otherPartyName ?? 'a member';
  const title = (t: Trade) => `“${t.listing.title}”`;
  return [
    ...owned
      .filter((t) => t.status === 'pending')
      .map((t) => ({ trade: t, text: `Answer ${name(t)}'s request for ${title(t)}` })),
    ...owned.filter((t) => t.status === 'accepted').map((t) => ({ trade: t, text: `Post ${title(t)} to ${name(t)}` })),
    ...requested
      .filter((t) => t.status === 'shipped')
      .map((t) => ({ trade: t, text: `Tell us when ${title(t)} arrives` })),
    ...[...owned, ...requested]
      .filter((t) => t.canLeaveFeedback)
      .map((t) => ({ trade: t, text: `Leave feedback for ${name(t)} about ${title(t)}` })),
  ];
}

/** The dashboard's 'What to do next' card: each trade waiting on the member, linked to it. */
export function WhatToDoNextCard({ headingLevel = 2, className }: WhatToDoNextCardProps) {
  const owned = useTrades('owner');
  const requested = useTrades('requester');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const tasks = owned.data && requested.data ? tradesWaitingOn(owned.data, requested.data) : [];

  return (
    <section
      aria-labelledby="what-to-do-next-heading"
      className={`flex flex-col gap-3 rounded-lg border border-line bg-white p-6 ${className ?? ''}`}
    >
      <Heading id="what-to-do-next-heading" className="text-2xl font-bold text-ink">
        What to do next
      </Heading>
      {owned.isPending || requested.isPending ? (
        <Spinner label="Loading your trades" />
      ) : owned.isError || requested.isError ? (
        <p role="alert">Failed to load your trades.</p>
      ) : tasks.length === 0 ? (
        <p className="flex items-center gap-2">
          <CheckCircle2 aria-hidden="true" className="size-6 text-brand-700" />
          Nothing to do right now
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {tasks.map((task) => (
            <li key={`${task.trade.id}-${task.text}`}>
              <Link
                to={paths.trades.getHref({ trade: task.trade.id })}
                className="flex min-h-11 items-center gap-2 rounded-md p-2 font-semibold text-brand-700 underline hover:bg-brand-50"
              >
                <ArrowRight aria-hidden="true" className="size-5 shrink-0" />
                {task.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
