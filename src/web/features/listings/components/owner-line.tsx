import { MapPin } from 'lucide-react';
import { MemberNameLink } from '../../../components/members/member-name-link';
import { cn } from '../../../lib/cn';
import type { Listing } from '../../../../domain/listings';

/**
 * 'Margaret H., Harrogate': the owner, leading to their member page, and their town when they
 * show it. `relative z-10` lifts the link above a card's stretched title link.
 */
export function OwnerLine({
  listing,
  className,
}: {
  listing: Pick<Listing, 'userId' | 'ownerName' | 'ownerTown'>;
  className?: string;
}) {
  return (
    <p className={cn('relative z-10 flex items-center gap-2', className)}>
      <MapPin aria-hidden="true" className="size-5 shrink-0" />
      <span>
        <span className="sr-only">Owner: </span>
        <MemberNameLink id={listing.userId} name={listing.ownerName} />
        {listing.ownerTown && `, ${listing.ownerTown}`}
      </span>
    </p>
  );
}
