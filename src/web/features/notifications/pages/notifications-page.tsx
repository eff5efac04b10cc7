import { Link } from 'react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatActivityDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

/** What a notice is about, in words: forum replies and trade steps share the one list. */
function noticeTopic(type: string): string {
  // moderation_hidden, _restored, _removed: a decision about what the member wrote (decision 0027).
  if (type.startsWith('moderation')) return 'From the club team';
  // docs/product/wanted.md: a saved search's match, and a wished-for puzzle offered first.
  if (type === 'wanted_match') return 'Saved search';
  if (type === 'wish_offer') return 'Wish list';
  return type.startsWith('forum') ? 'Forum reply' : 'Trade';
}

/**
 * /notifications: the member's notices (trade steps and replies in the forum), newest first;
 * each says what it is about, and unread ones say 'New'.
 */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const query = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.filter((n) => !n.isRead).length ?? 0;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold text-ink">Notifications</h1>
          {query.data && <p className="text-ink-muted">{unread === 0 ? 'All read' : `${unread} unread`}</p>}
        </div>
        <Button
          variant="secondary"
          disabled={unread === 0 || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onError: (error) =>
                toast({
                  title: 'Failed to mark as read',
                  description: errorMessage(error, 'Please try again'),
                  variant: 'destructive',
                }),
            })
          }
        >
          <CheckCheck aria-hidden="true" className="size-5" />
          Mark all as read
        </Button>
      </div>

      {query.isPending ? (
        <Spinner label="Loading notifications" />
      ) : query.isError ? (
        <ErrorState message="Failed to load notifications." onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState icon={Bell}>
          No notifications yet. We will let you know here when something happens in your trades, or someone replies to
          you in the Community.
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data.map((notification) => (
            <li key={notification.id}>
              <Link
                to={notification.link}
                onClick={() => {
                  if (!notification.isRead) markRead.mutate(notification.id);
                }}
                className={`flex flex-col gap-1 rounded-lg border-2 p-4 hover:bg-brand-50 ${
                  notification.isRead ? 'border-line bg-white' : 'border-brand-700 bg-brand-50'
                }`}
              >
                <span className="flex flex-wrap items-center gap-2">
                  {!notification.isRead && <Badge variant="danger">New</Badge>}
                  <Badge variant="outline">{noticeTopic(notification.type)}</Badge>
                  <span className="text-lg font-bold text-ink underline">{notification.title}</span>
                </span>
                <span className="text-ink">{notification.message}</span>
                <span className="text-sm text-ink-muted">{formatActivityDate(notification.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
