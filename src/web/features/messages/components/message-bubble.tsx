import { formatClubDateTime } from '../../../../domain/dates';
import { formatMessageTime, type Message } from '../../../../domain/messages';

/**
 * One message: the member's own on the right, the other member's on the left, the system's
 * in the middle in a yellow bubble labelled 'System Message' (in words, not by colour alone).
 */
export function MessageBubble({ message, own }: { message: Message; own: boolean }) {
  const time = (
    <time dateTime={message.createdAt} title={formatClubDateTime(message.createdAt)} className="text-sm">
      {formatMessageTime(message.createdAt)}
    </time>
  );

  if (message.isSystemMessage) {
    return (
      <li className="flex justify-center">
        <div className="max-w-[90%] rounded-lg border-2 border-highlight-900/30 bg-highlight-100 px-4 py-3 text-highlight-900">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm font-bold">
            <span>System Message</span>
            {time}
          </p>
          <p className="break-words whitespace-pre-wrap">{message.content}</p>
        </div>
      </li>
    );
  }

  return (
    <li className={own ? 'flex justify-end' : 'flex justify-start'}>
      <div
        className={
          own
            ? 'max-w-[85%] rounded-lg rounded-br-none bg-brand-700 px-4 py-3 text-white'
            : 'max-w-[85%] rounded-lg rounded-bl-none border border-line bg-brand-50 px-4 py-3 text-ink'
        }
      >
        <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="font-bold">{own ? 'You' : (message.senderName ?? 'Member')}</span>
          {time}
        </p>
        <p className="break-words whitespace-pre-wrap">{message.content}</p>
      </div>
    </li>
  );
}
