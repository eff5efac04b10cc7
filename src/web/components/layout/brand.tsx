import { Link } from 'react-router';
import { Puzzle } from 'lucide-react';
import { paths } from '../../paths';

/** The club's name, linking home: 'Jigsaw Club' at every width (a 390px phone has room). */
export function Brand() {
  return (
    <Link
      to={paths.home.getHref()}
      className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-md pr-2 text-xl font-bold text-brand-800"
    >
      <Puzzle aria-hidden="true" className="size-7" />
      <span>Jigsaw Club</span>
    </Link>
  );
}
