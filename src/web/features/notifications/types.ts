/** One trading notification (GET /api/notifications, newest first). */
export interface TradingNotification {
  id: number;
  tradeRequestId: number | null;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  /** Where the notice leads in the app: /trades?trade={id}. */
  link: string;
}
