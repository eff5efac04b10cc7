import { BROAD_WORD, RARE_WORD } from './load-data';

// What `npm run bench` asks for (issue 5): the health route for scale, then the five browse
// shapes the budget applies to, then two shapes reported for information only: a narrow
// combination (about 1 listing in 100 matches, so a page in title order reads about 2,000
// listings) and the manufacturer sort, which no single index can serve (the name lives in
// another table).
export type Shape = { name: string; path: string; budget: boolean };

export const SHAPES: Shape[] = [
  { name: 'health', path: '/api/health', budget: false },
  { name: 'no filter', path: '/api/puzzle-listings', budget: true },
  { name: 'pieces >= 1000', path: '/api/puzzle-listings?minPieces=1000', budget: true },
  { name: `selective search "${RARE_WORD}"`, path: `/api/puzzle-listings?q=${RARE_WORD}`, budget: true },
  { name: `broad search "${BROAD_WORD}"`, path: `/api/puzzle-listings?q=${BROAD_WORD}`, budget: true },
  {
    // Big, complete lighthouse puzzles, smallest first.
    name: 'broad search + pieces >= 1000 + complete, pieces-asc',
    path: `/api/puzzle-listings?q=${BROAD_WORD}&minPieces=1000&completeOnly=true&sort=pieces-asc`,
    budget: true,
  },
  {
    name: '(info) broad search + hard + pieces >= 1000, title-asc',
    path: `/api/puzzle-listings?q=${BROAD_WORD}&difficulty=hard&minPieces=1000&sort=title-asc`,
    budget: false,
  },
  { name: '(info) no filter, manufacturer sort', path: '/api/puzzle-listings?sort=manufacturer', budget: false },
];
