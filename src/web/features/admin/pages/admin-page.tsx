import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ActivityTab } from '../components/activity-tab';
import { AdminGate } from '../components/admin-gate';
import { ManufacturersTab } from '../components/manufacturers-tab';
import { OverviewTab } from '../components/overview-tab';
import { PointsTab } from '../components/points-tab';
import { ReportsTab } from '../components/reports-tab';
import { SettingsTab } from '../components/settings-tab';
import { TestAllFunctions } from '../components/test-all-functions';
import { TradeDisputes } from '../components/trade-disputes';
import { UsersTab } from '../components/users-tab';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';

// /admin (docs/product/administration.md#the-panel): the overview first, the five main tabs, then
// reports and disputes. The open tab is in the address (?tab=users), so a reload or a link
// from the overview lands on it.

const TABS = [
  { value: 'overview', label: 'Overview', Content: OverviewTab },
  { value: 'users', label: 'Users', Content: UsersTab },
  { value: 'points', label: 'Points', Content: PointsTab },
  { value: 'manufacturers', label: 'Manufacturers', Content: ManufacturersTab },
  { value: 'settings', label: 'Settings', Content: SettingsTab },
  { value: 'activity', label: 'Activity', Content: ActivityTab },
  { value: 'reports', label: 'Reports', Content: ReportsTab },
  { value: 'disputes', label: 'Disputes', Content: TradeDisputes },
] as const;

export function AdminPage() {
  return (
    <AdminGate>
      <AdminDashboard />
    </AdminGate>
  );
}

function AdminDashboard() {
  useDocumentTitle('Admin');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.some((t) => t.value === asked) ? asked! : 'overview';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h1 className="text-3xl font-bold">Admin</h1>
        <TestAllFunctions />
      </div>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList aria-label="Admin sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Content }) => (
          <TabsContent key={value} value={value} className="pt-6">
            <Content />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
