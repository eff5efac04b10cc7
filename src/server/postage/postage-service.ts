import { estimatePostage, type Parcel, type PostageEstimate } from '../../domain/postage';
import { readSetting } from '../admin/settings-service';
import type { DbOrTx } from '../db/client';

// What posting a parcel costs, from the club's price table (the known setting
// trading.postagePrices; docs/product/near-me.md#postage).

export async function postageEstimate(db: DbOrTx, parcel: Parcel): Promise<PostageEstimate> {
  return estimatePostage(parcel, await readSetting(db, 'postagePrices'));
}
