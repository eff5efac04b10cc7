import type { Feedback } from '../../../../domain/trades';
import { MemberNameLink } from '../../../components/members/member-name-link';
import { StarRating } from '../../../components/ui/star-rating';
import { formatCommunityDate } from '../../../lib/format';

/** The feedback other members left this member, newest first, with the member's response. */
export function FeedbackReceived({ feedback, memberName }: { feedback: Feedback[]; memberName: string }) {
  return (
    <ul className="flex flex-col gap-4">
      {feedback.map((item) => (
        <li key={item.id} className="flex flex-col gap-2 rounded-lg border border-line bg-white p-4">
          <p>
            <StarRating rating={item.rating} />
          </p>
          <p className="break-words whitespace-pre-line">{item.comment}</p>
          <p className="text-ink-muted">
            From <MemberNameLink id={item.fromUserId} name={item.fromName} /> for “{item.puzzleTitle}”,{' '}
            {formatCommunityDate(item.createdAt)}
          </p>
          {item.response && (
            <div className="ml-2 border-l-4 border-brand-700 pl-3">
              <p className="font-semibold">Response from {memberName}</p>
              <p className="break-words whitespace-pre-line">{item.response.response}</p>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
