// The route table, and the only place where features meet: it reads the current user from
// the auth feature, the unread count from the messages feature, and hands them to the
// shared page frame. Every page is lazy-loaded so a visitor's first page downloads only
// the landing page (budget: 150 KB of gzipped JavaScript, checked by scripts/bundle-size.mjs).
//
// React Router runs in declarative mode (<Routes>): the data-router APIs (loaders, actions)
// would add about 16 KB gzipped to every first page, and TanStack Query already does our
// data loading.
import { Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { matchPath, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isSafeReturnPath } from '../domain/return-path';
import type { Listing } from '../domain/listings';
import { BarePage } from './components/layout/bare-page';
import type { VisitorActions } from './components/layout/top-bar';
import { ErrorBoundary } from './components/layout/error-boundary';
import { FullScreenSpinner, PageSpinner } from './components/ui/spinner';
import { Toaster } from './components/ui/toaster';
import { currentUserQueryOptions, useCurrentUserQuery } from './features/auth/api/get-current-user';
import { browseQueryOptions } from './features/listings/api/get-listings';
import { listingCardPicture } from './features/listings/listing-display';
import { useSignOut } from './features/auth/api/sign-out';
import { postsQueryOptions } from './features/community/api/get-posts';
import { memberContentQueryOptions } from './features/dashboard/api/get-member-content';
import { recentActivityQueryOptions } from './features/dashboard/api/get-recent-activity';
import { statsQueryOptions } from './features/dashboard/api/get-stats';
import { AppErrorPage } from './features/errors/pages/app-error-page';
import { unreadCountQueryOptions, useUnreadCount } from './features/messages/api/get-unread-count';
import {
  notificationsUnreadCountQueryOptions,
  useNotificationsUnreadCount,
} from './features/notifications/api/get-notifications-unread-count';
import { tradesQueryOptions } from './features/trades/api/get-trades';
import { savedSearchesQueryOptions, wishesQueryOptions } from './components/wanted/wanted-queries';
import type { AuthDialogName } from './lib/auth-dialogs';
import { CurrentUserProvider, useCurrentUser } from './lib/current-user';
import { listingQueryOptions } from './lib/get-listing';
import { JoinPromptProvider, useAskToJoin } from './lib/join-prompt';
import { lazyNamed } from './lib/lazy-named';
import { preloadImage } from './lib/preload-image';
import { useLiveEvents } from './lib/live-events';
import { useTextSize } from './lib/text-size';
import { paths } from './paths';
import { parseUrlId } from './lib/url-id';

// Layout
const PageFrame = lazyNamed(() => import('./components/layout/page-frame'), 'PageFrame');

// The visitor's home. The account dialogs are fetched just after the landing page shows
// (see LandingRoute), so they never count against the first page's download.
const LandingPage = lazyNamed(() => import('./features/landing/pages/landing-page'), 'LandingPage');
const AuthDialogs = lazyNamed(() => import('./features/auth/components/auth-dialogs'), 'AuthDialogs');

// Member pages
const MemberHomePage = lazyNamed(() => import('./features/dashboard/pages/member-home-page'), 'MemberHomePage');
// The welcome gift and the new member's redirect, shown on the member home.
const WelcomeGift = lazyNamed(() => import('./features/welcome/components/welcome-gift'), 'WelcomeGift');
const BrowsePuzzlesPage = lazyNamed(() => import('./features/listings/pages/browse-puzzles-page'), 'BrowsePuzzlesPage');
const PuzzleDetailPage = lazyNamed(() => import('./features/listings/pages/puzzle-detail-page'), 'PuzzleDetailPage');
const ListPuzzlePage = lazyNamed(() => import('./features/listings/pages/list-puzzle-page'), 'ListPuzzlePage');
const MyListingsPage = lazyNamed(() => import('./features/listings/pages/my-listings-page'), 'MyListingsPage');
const MessagesPage = lazyNamed(() => import('./features/messages/pages/messages-page'), 'MessagesPage');
const CommunityPage = lazyNamed(() => import('./features/community/pages/community-page'), 'CommunityPage');
const ProfilePage = lazyNamed(() => import('./features/profile/pages/profile-page'), 'ProfilePage');
const FavoritesPage = lazyNamed(() => import('./features/favorites/pages/favorites-page'), 'FavoritesPage');
const WantedPage = lazyNamed(() => import('./features/wanted/pages/wanted-page'), 'WantedPage');
// The favourites page shows the listings feature's cards (features do not import each other).
const ListingCard = lazyNamed(() => import('./features/listings/components/listing-card'), 'ListingCard');
const MemberDirectoryPage = lazyNamed(
  () => import('./features/members/pages/member-directory-page'),
  'MemberDirectoryPage',
);
// The visitor's 'Join or sign in to …' question on the public pages.
const JoinPromptDialog = lazyNamed(() => import('./components/members/join-prompt-dialog'), 'JoinPromptDialog');
const MemberPage = lazyNamed(() => import('./features/members/pages/member-page'), 'MemberPage');
// The profile page's 'How other members see you', drawn by the members feature.
const MemberPageSettings = lazyNamed(
  () => import('./features/members/components/member-page-settings'),
  'MemberPageSettings',
);
// Trade and message dialogs and cards that other features show (features never import each other).
const RequestPuzzleDialog = lazyNamed(
  () => import('./features/trades/components/request-puzzle-dialog'),
  'RequestPuzzleDialog',
);
const ContactOwnerDialog = lazyNamed(
  () => import('./features/messages/components/contact-owner-dialog'),
  'ContactOwnerDialog',
);
const MessageMemberDialog = lazyNamed(
  () => import('./features/messages/components/message-member-dialog'),
  'MessageMemberDialog',
);
const PointsHistory = lazyNamed(() => import('./features/trades/components/points-history'), 'PointsHistory');
const WhatToDoNextCard = lazyNamed(() => import('./features/trades/components/what-to-do-next'), 'WhatToDoNextCard');
const TradesPage = lazyNamed(() => import('./features/trades/pages/trades-page'), 'TradesPage');
const NotificationsPage = lazyNamed(
  () => import('./features/notifications/pages/notifications-page'),
  'NotificationsPage',
);
// 'Contact the club', the privacy and help pages: public, inside the frame.
const ContactPage = lazyNamed(() => import('./features/contact/pages/contact-page'), 'ContactPage');
const PrivacyPage = lazyNamed(() => import('./features/contact/pages/privacy-page'), 'PrivacyPage');
const HelpPage = lazyNamed(() => import('./features/contact/pages/help-page'), 'HelpPage');
const AdminPage = lazyNamed(() => import('./features/admin/pages/admin-page'), 'AdminPage');
const AdminMemberPage = lazyNamed(() => import('./features/admin/pages/admin-member-page'), 'AdminMemberPage');

// Pages without the frame
const ResetPasswordPage = lazyNamed(() => import('./features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = lazyNamed(() => import('./features/auth/pages/verify-email-page'), 'VerifyEmailPage');
const RegistrationSuccessPage = lazyNamed(
  () => import('./features/auth/pages/registration-success-page'),
  'RegistrationSuccessPage',
);
const LoginLinkPage = lazyNamed(() => import('./features/auth/pages/login-link-page'), 'LoginLinkPage');
const NotFoundPage = lazyNamed(() => import('./features/errors/pages/not-found-page'), 'NotFoundPage');

type Preloadable = { preload: () => Promise<unknown> };
/**
 * The code each page draws first, which startFirstPage fetches before React's first draw: the
 * frame, where the page has one, the page, and what it draws from other features at once.
 * Members' pages are fetched only once the check has said a member is signed in (`/` is the
 * landing page for a visitor, the member home for a member). The first data some pages need
 * too is asked for in warmUpPage and warmUpMemberPage.
 */
const FIRST_DRAW_CODE: ReadonlyArray<{ path: string; membersOnly: boolean; code: Preloadable[] }> = [
  { path: paths.home.path, membersOnly: false, code: [LandingPage] },
  { path: paths.browsePuzzles.path, membersOnly: false, code: [PageFrame, BrowsePuzzlesPage] },
  { path: paths.puzzle.path, membersOnly: false, code: [PageFrame, PuzzleDetailPage] },
  { path: paths.help.path, membersOnly: false, code: [PageFrame, HelpPage] },
  { path: paths.contact.path, membersOnly: false, code: [PageFrame, ContactPage] },
  { path: paths.privacy.path, membersOnly: false, code: [PageFrame, PrivacyPage] },
  { path: paths.admin.path, membersOnly: false, code: [PageFrame, AdminPage] },
  { path: paths.adminMember.path, membersOnly: false, code: [PageFrame, AdminMemberPage] },
  // Opened from e-mails: a join or sign-in link, a password reset.
  { path: paths.resetPassword.path, membersOnly: false, code: [ResetPasswordPage] },
  { path: paths.verifyEmail.path, membersOnly: false, code: [VerifyEmailPage] },
  { path: paths.registrationSuccess.path, membersOnly: false, code: [RegistrationSuccessPage] },
  { path: paths.loginLink.path, membersOnly: false, code: [LoginLinkPage] },
  {
    path: paths.home.path,
    membersOnly: true,
    code: [PageFrame, MemberHomePage, WhatToDoNextCard, WelcomeGift],
  },
  { path: paths.community.path, membersOnly: true, code: [PageFrame, CommunityPage] },
  { path: paths.wanted.path, membersOnly: true, code: [PageFrame, WantedPage] },
  { path: paths.listPuzzle.path, membersOnly: true, code: [PageFrame, ListPuzzlePage] },
  { path: paths.myListings.path, membersOnly: true, code: [PageFrame, MyListingsPage] },
  { path: paths.messages.path, membersOnly: true, code: [PageFrame, MessagesPage] },
  { path: paths.profile.path, membersOnly: true, code: [PageFrame, ProfilePage, PointsHistory, MemberPageSettings] },
  { path: paths.favorites.path, membersOnly: true, code: [PageFrame, FavoritesPage, ListingCard] },
  { path: paths.memberDirectory.path, membersOnly: true, code: [PageFrame, MemberDirectoryPage] },
  { path: paths.member.path, membersOnly: true, code: [PageFrame, MemberPage, ListingCard] },
  { path: paths.trades.path, membersOnly: true, code: [PageFrame, TradesPage] },
  { path: paths.notifications.path, membersOnly: true, code: [PageFrame, NotificationsPage] },
];

/** The first-draw code of the page at `pathname` from FIRST_DRAW_CODE (members' pages or the others). */
function firstDrawCode(pathname: string, membersOnly: boolean): Promise<unknown> {
  const page = FIRST_DRAW_CODE.find((p) => p.membersOnly === membersOnly && matchPath(p.path, pathname));
  return Promise.all((page?.code ?? []).map((component) => component.preload()));
}

/**
 * A listings page with its Request and Contact Owner buttons opening the trades and
 * messages features' dialogs.
 */
function WithListingActions({
  Page,
}: {
  Page: ComponentType<{ onRequest?: (listing: Listing) => void; onContact?: (listing: Listing) => void }>;
}) {
  const [requesting, setRequesting] = useState<Listing | null>(null);
  const [contacting, setContacting] = useState<Listing | null>(null);
  const user = useCurrentUser();
  const askToJoin = useAskToJoin();
  // Visitors are asked to join or sign in instead, and come back here afterwards.
  const guard = (open: (l: Listing) => void, action: string) => (listing: Listing) =>
    user ? open(listing) : askToJoin(action);
  return (
    <>
      <Page
        onRequest={guard(setRequesting, 'request this puzzle')}
        onContact={guard(setContacting, 'contact the owner')}
      />
      <Suspense fallback={null}>
        {requesting && (
          <RequestPuzzleDialog listing={requesting} open onOpenChange={(open) => !open && setRequesting(null)} />
        )}
        {contacting && (
          <ContactOwnerDialog listing={contacting} open onOpenChange={(open) => !open && setContacting(null)} />
        )}
      </Suspense>
    </>
  );
}

/**
 * Starts what the first page needs at once, from main.tsx before React's first draw: the
 * who-is-signed-in check, and alongside it (instead of one step after another: check, then
 * the frame's code, then the page's code, then its data) the frame's and the page's code and
 * the public pages' first answer (the same request the page makes, so the page finds it in
 * the cache); a member's own first page, its code and data once the check has said who it is
 * (warmUpMemberPage). Public pages without the check: a member-only page would be downloaded
 * for nothing by a visitor, who is sent to /.
 *
 * Answers once the page's code has arrived (or failed to), and its first data too, or
 * FIRST_DRAW_DATA_WAIT_MS: main.tsx draws the app then, so React draws the page straight over
 * index.html's spinner rather than a spinner of its own, which it would then keep on the
 * screen at least 300 ms (lazy-named.ts), and the page with its data rather than its own
 * spinner (a puzzle page's code, preloaded by the page's head, can come before its data).
 */
export function startFirstPage(queryClient: QueryClient): Promise<unknown> {
  const { pathname, search } = window.location;
  const checked = queryClient.prefetchQuery(currentUserQueryOptions());
  const drawn = ({ code, data }: { code: Promise<unknown>; data: Promise<unknown> }) =>
    Promise.all([code, Promise.race([data, wait(FIRST_DRAW_DATA_WAIT_MS)])]);
  const memberPage = checked.then(() => {
    if (!queryClient.getQueryData(currentUserQueryOptions().queryKey)) return undefined;
    return drawn(warmUpMemberPage(pathname, search, queryClient));
  });
  return Promise.all([drawn(warmUpPage(pathname, search, queryClient)), memberPage]);
}

/**
 * How long a first page waits for its data before it is drawn without it (its cards
 * then show their own spinners until it comes): as long as React would otherwise have kept a
 * spinner up, so a quick answer makes one draw and a slow one holds nothing up for longer.
 */
const FIRST_DRAW_DATA_WAIT_MS = 300;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A signed-in member's page: its code (FIRST_DRAW_CODE), the frame's two unread counts (a badge
 * arriving late moves the top bar's links, Lighthouse's CLS) and, for home, community and
 * Wanted, the page's first data, all together rather than one after another (the frame draws
 * its children only once its own code has arrived, and a page asks for its data once drawn),
 * so the page is drawn once, with its data, rather than growing from spinners and pushing what
 * is below it down (CLS). Answers when the code and when the data have arrived (or failed to).
 */
function warmUpMemberPage(
  pathname: string,
  search: string,
  queryClient: QueryClient,
): { code: Promise<unknown>; data: Promise<unknown> } {
  const data: Array<Promise<unknown>> = [
    queryClient.prefetchQuery(unreadCountQueryOptions()),
    queryClient.prefetchQuery(notificationsUnreadCountQueryOptions()),
  ];
  if (pathname === paths.home.path) {
    // The five reads the home and its 'What to do next' card make.
    for (const role of ['owner', 'requester'] as const) data.push(queryClient.prefetchQuery(tradesQueryOptions(role)));
    data.push(
      queryClient.prefetchQuery(statsQueryOptions()),
      queryClient.prefetchQuery(recentActivityQueryOptions()),
      queryClient.prefetchQuery(memberContentQueryOptions()),
    );
  } else if (pathname === paths.community.path && search === '') {
    // The page's own query for its first posts, when the address asks for no category or search.
    data.push(queryClient.prefetchInfiniteQuery(postsQueryOptions({ category: undefined, q: undefined })));
  } else if (pathname === paths.wanted.path) {
    data.push(queryClient.prefetchQuery(savedSearchesQueryOptions()), queryClient.prefetchQuery(wishesQueryOptions()));
  }
  return { code: firstDrawCode(pathname, true), data: Promise.all(data) };
}

/**
 * A public page's code (FIRST_DRAW_CODE) and first data, asked for together; answers when each
 * has arrived (the data waited for is a puzzle page's only).
 */
function warmUpPage(
  pathname: string,
  search: string,
  queryClient: QueryClient,
): { code: Promise<unknown>; data: Promise<unknown> } {
  let data: Promise<unknown> = Promise.resolve();
  if (pathname === paths.browsePuzzles.path) {
    // The answer first: the browser has six connections to the server and the page's code
    // is some twenty files, so what is asked for first goes first.
    // Unfiltered browse only: a filtered URL's parameters are read by the page (with Zod).
    // Then the first card's picture (its LCP on a phone), as soon as the answer names it.
    // Not waited for: the page draws skeleton cards in their room until it comes, and the
    // first draw waiting for it cost browse a Lighthouse point (docs/performance.md, 'Browse's
    // chunks beside the entry').
    if (search === '') {
      void queryClient.prefetchInfiniteQuery(browseQueryOptions({})).then(() => {
        const first = queryClient.getQueryData(browseQueryOptions({}).queryKey)?.pages[0]?.items[0];
        const picture = first && listingCardPicture(first);
        if (picture) preloadImage(picture);
      });
    } else {
      // The page reads a filtered URL with the server's schema, loaded apart from its code.
      void import('../domain/browse');
    }
  } else {
    // The answer first, as for browse, and waited for: without it the page is a spinner.
    const id = parseUrlId(matchPath(paths.puzzle.path, pathname)?.params.id);
    if (id !== null) data = queryClient.prefetchQuery(listingQueryOptions(id));
  }
  return { code: firstDrawCode(pathname, false), data };
}

/** Finds out who is signed in (full-screen spinner meanwhile) and shares it with every page. */
function RootLayout() {
  const { data: user, isPending } = useCurrentUserQuery();
  const location = useLocation();
  const { pathname } = location;
  // One live-event stream per signed-in member (docs/product/messages.md#live-updates), kept open across pages.
  useLiveEvents(user?.id ?? null);
  // The whole site at the member's own text size; a visitor keeps the browser's.
  useTextSize(user?.textSize ?? null);

  // A session that ends while a page is open (see lib/query-client) starts the visitor
  // again from /, whatever page they were on; signing in again returns them to it (the
  // state MemberOnly's redirect carries, which this replace would otherwise drop).
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (wasSignedIn.current && !user && pathname !== paths.home.path) {
      void navigate(paths.home.getHref(), { replace: true, state: { from: location } });
    }
    wasSignedIn.current = Boolean(user);
  }, [user, pathname, location, navigate]);

  // A new page starts at its top, as a full page load would.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // A page a signed-in member goes to: its code and first data (warmUpMemberPage), as the
  // first page's were asked for with the check (startFirstPage).
  const queryClient = useQueryClient();
  const signedIn = Boolean(user);
  const { search } = location;
  useEffect(() => {
    if (signedIn) warmUpMemberPage(pathname, search, queryClient);
  }, [signedIn, pathname, search, queryClient]);

  if (isPending) return <FullScreenSpinner />;
  return (
    <CurrentUserProvider user={user ?? null}>
      <ErrorBoundary resetKey={pathname} fallback={(error) => <AppErrorPage error={error} />}>
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <Toaster />
    </CurrentUserProvider>
  );
}

/** The page frame with the member's details, unread count and sign-out filled in. */
function MemberFrame({ children, visitorActions }: { children: ReactNode; visitorActions?: VisitorActions }) {
  const user = useCurrentUser();
  const unreadCount = useUnreadCount({ enabled: user !== null });
  const notificationCount = useNotificationsUnreadCount({ enabled: user !== null });
  const { signOut, isSigningOut } = useSignOut();
  return (
    <PageFrame
      user={user}
      unreadCount={unreadCount}
      notificationCount={notificationCount}
      onSignOut={signOut}
      isSigningOut={isSigningOut}
      visitorActions={visitorActions}
    >
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </PageFrame>
  );
}

function FramedLayout() {
  return (
    <MemberFrame>
      <Outlet />
    </MemberFrame>
  );
}

/**
 * The pages a visitor may browse before joining (docs/product/members.md#browsing-before-joining): Sign In and Join Now in the top
 * bar, and 'Join or sign in to …' when they press what only members can do. The account
 * dialogs open here, over the page, so signing in keeps the visitor on it, and the e-mailed
 * join or sign-in link carries this page back (returnTo).
 */
function PublicFramedLayout() {
  const user = useCurrentUser();
  const location = useLocation();
  const [action, setAction] = useState<string | null>(null);
  // Each dialog's code is fetched the first time it is needed, then kept, so it can close
  // gently and hand focus back.
  const [promptWanted, setPromptWanted] = useState(false);
  const ask = (what: string) => {
    setPromptWanted(true);
    setAction(what);
  };
  const [dialog, setDialog] = useState<AuthDialogName | null>(null);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const openDialog = (name: AuthDialogName) => {
    setDialogsWanted(true);
    setDialog(name);
  };
  const here = `${location.pathname}${location.search}`;
  return (
    <JoinPromptProvider ask={ask}>
      <MemberFrame
        visitorActions={user ? undefined : { onSignIn: () => openDialog('sign-in'), onJoin: () => openDialog('join') }}
      >
        <Outlet />
      </MemberFrame>
      {!user && (
        <Suspense fallback={null}>
          {promptWanted && <JoinPromptDialog action={action} onClose={() => setAction(null)} onChosen={openDialog} />}
          {dialogsWanted && (
            <AuthDialogs
              open={dialog}
              onOpenChange={setDialog}
              returnTo={isSafeReturnPath(here) ? here : location.pathname}
            />
          )}
        </Suspense>
      )}
    </JoinPromptProvider>
  );
}

/** Member-only pages send visitors to / (remembering where they were going) and ask them to sign in. */
function MemberOnly() {
  const user = useCurrentUser();
  const location = useLocation();
  // The landing page opens Sign In, saying what the visitor came for ('Please sign in to see
  // this trade'), and signing in brings them back here.
  if (!user) return <Navigate to={paths.home.getHref()} replace state={{ from: location, authDialog: 'sign-in' }} />;
  return <Outlet />;
}

function LandingRoute() {
  useEffect(() => {
    // Fetch the dialogs' code once the page is up, so Sign In / Join Now open at once.
    void AuthDialogs.preload();
  }, []);
  return <LandingPage AuthDialogs={AuthDialogs} />;
}

/** / is the member home inside the frame when signed in, else the landing page. */
function HomeRoute() {
  const user = useCurrentUser();
  if (!user) return <LandingRoute />;
  return (
    <MemberFrame>
      <MemberHomePage WelcomeGift={WelcomeGift} TradeTasks={WhatToDoNextCard} />
    </MemberFrame>
  );
}

function BareLayout() {
  return (
    <BarePage>
      <Outlet />
    </BarePage>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />

        <Route element={<MemberOnly />}>
          <Route element={<FramedLayout />}>
            <Route path={paths.listPuzzle.path} element={<ListPuzzlePage />} />
            <Route path={paths.myListings.path} element={<MyListingsPage />} />
            <Route path={paths.messages.path} element={<MessagesPage />} />
            <Route path={paths.community.path} element={<CommunityPage />} />
            <Route
              path={paths.profile.path}
              element={<ProfilePage PointsHistory={PointsHistory} MemberPageSettings={MemberPageSettings} />}
            />
            <Route path={paths.favorites.path} element={<FavoritesPage ListingCard={ListingCard} />} />
            <Route path={paths.wanted.path} element={<WantedPage ListingCard={ListingCard} />} />
            <Route path={paths.memberDirectory.path} element={<MemberDirectoryPage />} />
            <Route
              path={paths.member.path}
              element={<MemberPage ListingCard={ListingCard} MessageMemberDialog={MessageMemberDialog} />}
            />
            <Route path={paths.trades.path} element={<TradesPage />} />
            <Route path={paths.notifications.path} element={<NotificationsPage />} />
          </Route>
        </Route>

        {/* Visitors see the admin page too: it tells them to log in (docs/product/screens.md#admin). Browse and
            a puzzle's page are public (docs/product/members.md#browsing-before-joining), with the way to join on them. */}
        <Route element={<PublicFramedLayout />}>
          <Route path={paths.admin.path} element={<AdminPage />} />
          <Route path={paths.adminMember.path} element={<AdminMemberPage />} />
          {/* A shared listing link works for visitors too (docs/product/listings.md#the-puzzle-page: public for live listings). */}
          <Route path={paths.browsePuzzles.path} element={<WithListingActions Page={BrowsePuzzlesPage} />} />
          <Route path={paths.puzzle.path} element={<WithListingActions Page={PuzzleDetailPage} />} />
          <Route path={paths.contact.path} element={<ContactPage />} />
          <Route path={paths.privacy.path} element={<PrivacyPage />} />
          <Route path={paths.help.path} element={<HelpPage />} />
        </Route>

        <Route element={<BareLayout />}>
          <Route path={paths.resetPassword.path} element={<ResetPasswordPage />} />
          <Route path={paths.verifyEmail.path} element={<VerifyEmailPage />} />
          <Route path={paths.registrationSuccess.path} element={<RegistrationSuccessPage />} />
          <Route path={paths.loginLink.path} element={<LoginLinkPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
