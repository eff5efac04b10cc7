import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { cn } from '../../lib/cn';
import { paths } from '../../paths';

export interface MemberNameLinkProps {
  id: number;
  /** 'Margaret H.' */
  name: string;
  className?: string;
}

/**
 * A member's name, leading to their member page, wherever a name appears (a listing's owner,
 * a trade partner, a message thread). Member pages are for members, so a visitor reads the
 * name without a link.
 */
export function MemberNameLink({ id, name, className }: MemberNameLinkProps) {
  const user = useCurrentUser();
  if (!user) return <span className={className}>{name}</span>;
  return (
    <Link
      to={paths.member.getHref(id)}
      className={cn('font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900', className)}
    >
      {name}
    </Link>
  );
}
