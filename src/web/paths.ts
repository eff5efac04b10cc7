// Every page URL of the club, in one place. The router reads `path` (the pattern); links and
// redirects call `getHref(...)`, so a renamed page changes here only.
export const paths = {
  home: { path: '/', getHref: () => '/' },

  // Member pages, inside the page frame.
  browsePuzzles: { path: '/browse-puzzles', getHref: () => '/browse-puzzles' },
  puzzle: { path: '/puzzle/:id', getHref: (id: number | string) => `/puzzle/${id}` },
  listPuzzle: {
    path: '/list-puzzle',
    /** With a listing id, the page edits that listing (docs/product/screens.md#list-a-puzzle). */
    getHref: (editListingId?: number | string) =>
      editListingId === undefined ? '/list-puzzle' : `/list-puzzle?edit=${editListingId}`,
  },
  myListings: { path: '/my-listings', getHref: () => '/my-listings' },
  messages: { path: '/messages', getHref: () => '/messages' },
  community: {
    path: '/community',
    /** With a post id, the page opens that post (as communityPostPath in domain/community.ts, which needs Zod). */
    getHref: (postId?: number) => (postId === undefined ? '/community' : `/community?post=${postId}`),
  },
  profile: {
    path: '/profile',
    getHref: (options: { edit?: boolean } = {}) => (options.edit ? '/profile?edit=true' : '/profile'),
  },
  favorites: { path: '/favorites', getHref: () => '/favorites' },
  /** Saved searches and the wish list (docs/product/wanted.md); ?search={id} opens a search's matches. */
  wanted: {
    path: '/wanted',
    getHref: (searchId?: number) => (searchId === undefined ? '/wanted' : `/wanted?search=${searchId}`),
  },
  memberDirectory: { path: '/member-directory', getHref: () => '/member-directory' },
  /** A member's page; #achievements opens it at their badges. */
  member: {
    path: '/members/:id',
    getHref: (id: number | string, section?: 'achievements') => `/members/${id}${section ? `#${section}` : ''}`,
  },
  /** The admin panel; ?tab= opens one of its tabs (overview, users, points, …). */
  admin: { path: '/admin', getHref: (tab?: string) => (tab ? `/admin?tab=${tab}` : '/admin') },
  /** One member as an administrator sees them. */
  adminMember: { path: '/admin/members/:id', getHref: (id: number | string) => `/admin/members/${id}` },
  /** My Trades: ?trade={id} shows one trade, ?request={listingId} opens the Request Puzzle dialog. */
  trades: {
    path: '/trades',
    getHref: (options: { trade?: number | string; request?: number | string } = {}) =>
      options.trade !== undefined
        ? `/trades?trade=${options.trade}`
        : options.request !== undefined
          ? `/trades?request=${options.request}`
          : '/trades',
  },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  /** 'Contact the club' (public: a member's form opens a thread with the club team). */
  contact: { path: '/contact', getHref: () => '/contact' },
  /** Help in plain words, with 'Contact the club' at its foot (public). */
  help: { path: '/help', getHref: (section?: string) => (section ? `/help#${section}` : '/help') },
  /** What the club keeps, who sees it, for how long, and how to leave (public). */
  privacy: { path: '/privacy', getHref: () => '/privacy' },

  // Pages reached from e-mailed links, without the page frame.
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  registrationSuccess: {
    path: '/registration-success',
    getHref: (options: { completed?: boolean } = {}) =>
      options.completed ? '/registration-success?completed=true' : '/registration-success',
  },
  loginLink: { path: '/login-link', getHref: () => '/login-link' },
} as const;

/** The landing page's in-page sections (signed-out /). */
export const landingAnchors = {
  howItWorks: 'how-it-works',
  about: 'about',
  contact: 'contact',
  membershipTerms: 'membership-terms',
} as const;
