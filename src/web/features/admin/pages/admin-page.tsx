import { Tabs } from 'radix-ui';
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
      <Tabs.Root value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-2 border-b-2 border-line pb-2">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="min-h-11 rounded-md border-2 border-transparent px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 data-[state=active]:border-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Content }) => (
          <Tabs.Content key={value} value={value} className="pt-6">
            <Content />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
