import { Link } from 'react-router';
import type { MemberCard as MemberCardData } from '../../../../domain/members';
import { MemberAvatar } from '../../../components/members/member-avatar';
import { paths } from '../../../paths';
import { MemberFacts } from './member-facts';

/**
 * One member in the directory: a large card whose name is the link to their page and
 * stretches over the whole card, so a press anywhere on it opens the page.
 */
export function MemberCard({ member }: { member: MemberCardData }) {
  return (
    <article className="relative flex h-full flex-col gap-4 rounded-lg border border-line bg-white p-5 shadow-sm focus-within:ring-2 focus-within:ring-focus hover:border-brand-700">
      <div className="flex items-center gap-4">
        <MemberAvatar name={member.name} url={member.avatarThumbnailUrl ?? member.avatarUrl} />
        <h2 className="min-w-0 text-2xl font-bold break-words">
          <Link
            to={paths.member.getHref(member.id)}
            className="text-brand-800 underline underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:text-brand-900 focus-visible:outline-none"
          >
            {member.name}
          </Link>
        </h2>
      </div>
      <MemberFacts member={member} />
      {member.welcomeMessage && (
        <blockquote className="border-l-4 border-brand-700 pl-3 break-words whitespace-pre-line italic">
          {member.welcomeMessage}
        </blockquote>
      )}
    </article>
  );
}
