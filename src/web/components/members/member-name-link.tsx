import { Link } from 'react-router';
import { isFormerMemberName } from '../../../domain/former-member';
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
 * a trade partner, a message thread, feedback, the forum). Member pages are for members, so a
 * visitor reads the name without a link; a member who closed their membership has no page
 * (404), so 'A former member' is never a link, and reads in italics as the forum shows it.
 */
export function MemberNameLink({ id, name, className }: MemberNameLinkProps) {
  const user = useCurrentUser();
  if (isFormerMemberName(name)) return <span className={cn('italic', className)}>{name}</span>;
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
