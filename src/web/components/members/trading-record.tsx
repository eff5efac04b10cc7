import { tradingRecordLines, type TradingRecord } from '../../../domain/trust';

/**
 * A member's trading record in words (docs/product/trust.md#the-trading-record): 'Posted within
 * 3 days: 9 of 10', 'Arrived as described: 10 of 10', 'Not posted in time: 0'. On member pages
 * and beside a requester on the owner's request card.
 */
export function TradingRecordList({ record, className }: { record: TradingRecord; className?: string }) {
  return (
    <ul className={className}>
      {tradingRecordLines(record).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
