import { CATEGORY_LABELS } from '../../../../domain/constants';
import type { CommunityCategory } from '../../../../domain/enums';
import { Badge } from '../../../components/ui/badge';

export function CategoryBadge({ category }: { category: CommunityCategory }) {
  return <Badge variant="outline">{CATEGORY_LABELS[category]}</Badge>;
}
