import { useEffect, useState } from 'react';
import { waitingLine } from '../../../domain/wanted-words';
import { useWishDemand } from './wanted-api';

const PAUSE_MS = 500;

/**
 * The listing form's '3 members are waiting for this puzzle' (docs/product/wanted.md#demand),
 * asked once the owner pauses typing the title; nothing while nobody waits.
 */
export function DemandLine({
  title,
  manufacturerId,
  pieces,
}: {
  title: string;
  manufacturerId: number | null;
  pieces: number | null;
}) {
  const [settled, setSettled] = useState({ title, manufacturerId, pieces });
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ title, manufacturerId, pieces }), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [title, manufacturerId, pieces]);
  const demand = useWishDemand(settled.title, settled.manufacturerId, settled.pieces);
  const waiting = demand.data?.waiting ?? 0;
  return (
    <p role="status" className="font-semibold text-brand-800">
      {waiting > 0 ? waitingLine(waiting) : ''}
    </p>
  );
}
