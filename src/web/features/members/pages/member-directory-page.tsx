import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export function MemberDirectoryPage() {
  return <PlaceholderPage title="Member Directory" />;
}
