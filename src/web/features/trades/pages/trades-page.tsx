import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useMember } from '../../../lib/current-user';
import { formatPuzzlePoints } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { useListing } from '../../../lib/get-listing';
import { useTrades } from '../api/get-trades';
import { PointsHistory } from '../components/points-history';
import { RequestPuzzleDialog } from '../components/request-puzzle-dialog';
import { TradeCard } from '../components/trade-card';
import { waitsFor, type Trade, type TradeListRole } from '../../../../domain/trades';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { parseUrlId } from '../../../lib/url-id';

/** ?tab=requester or ?tab=owner, else null. */
function tabParam(value: string | null): TradeListRole | null {
  return value === 'requester' || value === 'owner' ? value : null;
}

const TABS: { role: TradeListRole; label: string; empty: string }[] = [
  { role: 'requester', label: 'Requests I made', empty: 'You have not requested any puzzles yet.' },
  { role: 'owner', label: 'Requests for my puzzles', empty: 'Nobody has requested your puzzles yet.' },
];

/**
 * /trades, 'My Trades': the member's requests and the requests for their puzzles, each with
 * its timeline and next step. ?trade={id} opens the right tab on that trade; ?tab=requester
 * or ?tab=owner opens that tab (a tab she picks is written there, so a reload keeps it);
 * ?request={listingId} opens the Request Puzzle dialog for a listing.
 */
export function TradesPage() {
  useDocumentTitle('My Trades');
  const member = useMember();
  const [searchParams, setSearchParams] = useSearchParams();
  const focusId = parseUrlId(searchParams.get('trade'));
  const requestId = parseUrlId(searchParams.get('request'));
  const askedTab = tabParam(searchParams.get('tab'));
  const requested = useTrades('requester');
  const owned = useTrades('owner');
  const [tab, setTab] = useState<TradeListRole>(askedTab ?? 'requester');
  useEffect(() => {
    if (askedTab) setTab(askedTab);
  }, [askedTab]);
  const focusRef = useRef<HTMLElement | null>(null);
  const lists: Record<TradeListRole, ReturnType<typeof useTrades>> = { requester: requested, owner: owned };

  // ?trade=…: show the tab holding it, then bring it into view once.
  const focusedTab: TradeListRole | null = focusId
    ? requested.data?.some((t) => t.id === focusId)
      ? 'requester'
      : owned.data?.some((t) => t.id === focusId)
        ? 'owner'
        : null
    : null;
  useEffect(() => {
    if (focusedTab) setTab(focusedTab);
  }, [focusedTab, focusId]);
  // Without ?trade= or ?tab=: open on the tab where something waits for the member (issues
  // 14 and 22), once both lists have come, unless the member has already picked a tab. Her
  // answer to a request or a puzzle to post comes first: someone is waiting on her, and an
  // unanswered request expires (docs/decisions/0025-small-things-from-the-walk.md).
  const [picked, setPicked] = useState(false);
  const bothLoaded = requested.data !== undefined && owned.data !== undefined;
  const waitingTab: TradeListRole | null = !bothLoaded
    ? null
    : owned.data!.some((t) => waitsFor(t.status, 'owner'))
      ? 'owner'
      : requested.data!.some((t) => waitsFor(t.status, 'requester'))
        ? 'requester'
        : null;
  useEffect(() => {
    if (picked || !bothLoaded) return;
    // Decided once: a live update later does not move the member's page under them.
    setPicked(true);
    if (!focusId && !askedTab && waitingTab) setTab(waitingTab);
  }, [focusId, askedTab, picked, bothLoaded, waitingTab]);
  useEffect(() => {
    if (!focusedTab || tab !== focusedTab) return;
    const frame = requestAnimationFrame(() => {
      focusRef.current?.scrollIntoView({ block: 'start' });
      focusRef.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [focusedTab, tab, focusId]);

  const listingQuery = useListing(requestId);
  useEffect(() => {
    if (listingQuery.isError) {
      toast({
        title: 'Puzzle not found',
        description: errorMessage(listingQuery.error, 'This puzzle is no longer available.'),
        variant: 'destructive',
      });
    }
  }, [listingQuery.isError, listingQuery.error]);

  const closeRequest = useCallback(
    (open: boolean) => {
      if (open) return;
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('request');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const renderList = (role: TradeListRole, trades: Trade[] | undefined) => {
    const query = lists[role];
    if (query.isPending) return <Spinner label="Loading your trades" />;
    if (query.isError) return <ErrorState message="Failed to load your trades." onRetry={() => void query.refetch()} />;
    if (!trades || trades.length === 0) {
      return (
        <EmptyState
          action={
            <Link to={paths.browsePuzzles.getHref()} className={buttonClasses({ variant: 'secondary' })}>
              Browse puzzles
            </Link>
          }
        >
          {TABS.find((t) => t.role === role)!.empty}
        </EmptyState>
      );
    }
    return (
      <ul className="flex flex-col gap-6">
        {trades.map((trade) => (
          <li key={trade.id}>
            <TradeCard
              trade={trade}
              highlighted={trade.id === focusId}
              ref={trade.id === focusId ? focusRef : undefined}
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-ink">My Trades</h1>
        <p className="text-lg">
          You have <strong>{formatPuzzlePoints(member.puzzlePoints)}</strong> to spend.
        </p>
      </div>

      <Tabs
        value={tab}
        onValueChange={(value) => {
          setPicked(true);
          setTab(value as TradeListRole);
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', value);
              return next;
            },
            { replace: true },
          );
        }}
        className="flex flex-col gap-6"
      >
        <TabsList aria-label="Trades">
          {TABS.map(({ role, label }) => (
            <TabsTrigger key={role} value={role}>
              {label} ({lists[role].data?.length ?? 0})
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ role, label }) => (
          <TabsContent key={role} value={role} className="flex flex-col gap-4">
            <h2 className="sr-only">{label}</h2>
            {renderList(role, lists[role].data)}
          </TabsContent>
        ))}
      </Tabs>

      <PointsHistory />

      {listingQuery.data && (
        <RequestPuzzleDialog
          listing={listingQuery.data}
          open={requestId !== null}
          onOpenChange={closeRequest}
          onRequested={(tradeId) => {
            setTab('requester');
            setSearchParams({ trade: String(tradeId) }, { replace: true });
          }}
        />
      )}
    </div>
  );
}
