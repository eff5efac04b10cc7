import { ArrowLeftRight, CalendarDays, MapPin, Star } from 'lucide-react';
import type { MemberCard, MemberRating } from '../../../../domain/members';
import { formatMemberSince } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { plural } from '../../../../domain/sentences';

/** '4.7 out of 5', or 'New Member' when nobody has rated them yet. */
export function ratingText(rating: MemberRating): string {
  return typeof rating === 'number' ? `${rating.toFixed(1)} out of 5` : rating;
}

/** '1 completed trade', '12 completed trades'. */
export function tradesText(count: number): string {
  return plural(count, 'completed trade');
}

/**
 * A member's facts, each with an icon and words (never meaning by colour or icon alone):
 * town (when shown), member since, completed trades, rating.
 */
export function MemberFacts({
  member,
  className,
}: {
  member: Pick<MemberCard, 'town' | 'memberSince' | 'completedTrades' | 'rating'>;
  className?: string;
}) {
  const facts = [
    member.town ? { icon: MapPin, text: member.town, label: 'Town' } : null,
    { icon: CalendarDays, text: `Member since ${formatMemberSince(member.memberSince)}`, label: null },
    { icon: ArrowLeftRight, text: tradesText(member.completedTrades), label: null },
    { icon: Star, text: ratingText(member.rating), label: 'Rating' },
  ].filter((fact) => fact !== null);
  return (
    <ul className={cn('flex flex-col gap-1', className)}>
      {facts.map(({ icon: Icon, text, label }) => (
        <li key={text} className="flex items-start gap-2">
          <Icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
          <span className="min-w-0 break-words">
            {label && <span className="sr-only">{label}: </span>}
            {text}
          </span>
        </li>
      ))}
    </ul>
  );
}
