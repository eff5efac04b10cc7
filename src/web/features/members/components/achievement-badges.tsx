import {
  Handshake,
  Lock,
  Medal,
  MessageSquarePlus,
  PackagePlus,
  ShieldCheck,
  ThumbsUp,
  type LucideIcon,
} from 'lucide-react';
import {
  ACHIEVEMENT_TYPES,
  ACHIEVEMENTS,
  type Achievement,
  type AchievementType,
} from '../../../../domain/achievements';
import { formatCommunityDate } from '../../../lib/format';
import { cn } from '../../../lib/cn';

// Each achievement's badge: a picture (an icon on a round plate) and its name in words, so it
// reads without colour. Earned badges are filled; on the member's own page the ones still to
// earn are shown outlined, with a lock and 'Not yet earned'.

const BADGE_ICONS: Record<AchievementType, LucideIcon> = {
  first_listing: PackagePlus,
  first_trade: Handshake,
  five_trades: Medal,
  trusted_trader: ShieldCheck,
  first_post: MessageSquarePlus,
  helpful: ThumbsUp,
};

export function AchievementBadges({ earned, showLocked }: { earned: Achievement[]; showLocked: boolean }) {
  const byType = new Map(earned.map((a) => [a.type, a]));
  const shown = showLocked ? ACHIEVEMENT_TYPES : earned.map((a) => a.type);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((type) => (
        <li key={type}>
          <Badge type={type} earned={byType.get(type) ?? null} />
        </li>
      ))}
    </ul>
  );
}

function Badge({ type, earned }: { type: AchievementType; earned: Achievement | null }) {
  const Icon = BADGE_ICONS[type];
  const { title, description } = earned ?? ACHIEVEMENTS[type];
  return (
    <div
      className={cn(
        'flex h-full items-start gap-4 rounded-lg border-2 p-4',
        earned ? 'border-brand-700 bg-brand-50' : 'border-dashed border-line-strong bg-white',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative flex size-16 shrink-0 items-center justify-center rounded-full border-4',
          earned ? 'border-brand-800 bg-brand-800 text-white' : 'border-line-strong bg-white text-ink-muted',
        )}
      >
        <Icon className="size-8" />
        {!earned && <Lock className="absolute -right-1 -bottom-1 size-6 rounded-full bg-white p-0.5 text-ink" />}
      </span>
      <div className="min-w-0">
        <p className="text-lg font-bold break-words">{title}</p>
        <p className="break-words">{description}</p>
        <p className="mt-1 font-semibold text-ink-muted">
          {earned ? `Earned ${formatCommunityDate(earned.unlockedAt)}` : 'Not yet earned'}
        </p>
      </div>
    </div>
  );
}
