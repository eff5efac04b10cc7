import { Link } from 'react-router';
import { Puzzle } from 'lucide-react';
import { paths } from '../../paths';

/** The club's name, linking home: 'JClub' on small screens, 'Jigsaw Club' from 640px up. */
export function Brand() {
  return (
    <Link
      to={paths.home.getHref()}
      className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md pr-2 text-xl font-bold text-brand-800"
    >
      <Puzzle aria-hidden="true" className="size-7" />
      <span className="sm:hidden">JClub</span>
      <span className="hidden sm:inline">Jigsaw Club</span>
    </Link>
  );
}
