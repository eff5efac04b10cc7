import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function CommunityPage() {
  return <PlaceholderPage title="Community" />;
}
