import { useState } from 'react';
import {
  KNOWN_SETTINGS,
  knownSettingText,
  knownSettingValue,
  type KnownSetting,
  type SystemSetting,
} from '../../../../domain/settings';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { StepDialog } from '../../../components/ui/step-dialog';
import { toast } from '../../../components/ui/use-toast';
import { TabSection } from './tab-section';
import { errorMessage } from '../../../lib/api-client';
import { formatActivityDate } from '../../../lib/format';
import { useDeleteSetting } from '../api/delete-setting';
import { useSettings } from '../api/get-settings';
import { SettingForm } from './setting-form';
import { SettingEditForm } from './setting-edit-form';
import { cellClasses, ColumnHeads, TableScroll } from './table-scroll';

// The settings tab (docs/product/administration.md#settings): create, edit in place and delete
// (a free key/value store), and the settings the club's software reads, with their type,
// default and the value in force.

export function SettingsTab() {
  const settings = useSettings();
  // The setting being edited: its form sits under the table, the full width of the tab (inside
  // the table it scrolled sideways with it on a phone).
  const [editingId, setEditingId] = useState<number | null>(null);
  const editing = settings.data?.find((s) => s.id === editingId);
  return (
    <TabSection title="Settings">
      <SettingForm />
      {settings.isPending ? (
        <PageSpinner />
      ) : settings.isError ? (
        <ErrorState
          message={errorMessage(settings.error, 'The settings could not be loaded.')}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <>
          <KnownSettings stored={settings.data} />
          {settings.data.length === 0 ? (
            <EmptyState title="No settings found" />
          ) : (
            <TableScroll caption="Settings">
              <ColumnHeads names={['Category', 'Key', 'Value', 'Description', 'Updated', 'Change']} />
              <tbody>
                {settings.data.map((s) => (
                  <SettingRow key={s.id} setting={s} editing={s.id === editingId} onEdit={() => setEditingId(s.id)} />
                ))}
              </tbody>
            </TableScroll>
          )}
          {editing && (
            <div className="rounded-lg border-2 border-line bg-white p-4">
              <SettingEditForm key={editing.id} setting={editing} onDone={() => setEditingId(null)} />
            </div>
          )}
        </>
      )}
    </TabSection>
  );
}

function SettingRow({ setting: s, editing, onEdit }: { setting: SystemSetting; editing: boolean; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSetting();
  const name = `${s.category}.${s.key}`;
  return (
    <tr>
      <td className={cellClasses}>{s.category}</td>
      <th scope="row" className={`${cellClasses} text-left font-semibold break-words`}>
        {s.key}
      </th>
      <td className={cellClasses}>
        <code className="font-mono break-all whitespace-pre-wrap">{JSON.stringify(s.value)}</code>
      </td>
      <td className={cellClasses}>{s.description}</td>
      <td className={`${cellClasses} whitespace-nowrap`}>{formatActivityDate(s.updatedAt)}</td>
      <td className={cellClasses}>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onEdit} disabled={editing}>
            Edit<span className="sr-only"> {name}</span>
          </Button>
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            Delete<span className="sr-only"> {name}</span>
          </Button>
        </div>
        <StepDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Delete ${name}?`}
          description={<p>The setting and its value go. A setting the club reads goes back to its default.</p>}
          confirmLabel="Yes, delete it"
          confirmVariant="destructive"
          isPending={remove.isPending}
          onConfirm={() =>
            remove.mutate(s.id, {
              onSuccess: () => {
                setConfirming(false);
                toast({ title: 'Setting deleted', description: name });
              },
              onError: (error) => {
                setConfirming(false);
                toast({
                  title: 'Failed to delete setting.',
                  description: errorMessage(error, 'Please try again.'),
                  variant: 'destructive',
                });
              },
            })
          }
        />
      </td>
    </tr>
  );
}

/** The settings the app reads: each with its type, default and the value in force now. */
function KnownSettings({ stored }: { stored: SystemSetting[] }) {
  return (
    <section aria-labelledby="known-settings-title" className="rounded-lg border-2 border-line bg-white p-4">
      <h3 id="known-settings-title" className="text-xl font-bold">
        Settings the club reads
      </h3>
      <p className="mt-1">
        A change counts from the next time it applies (a request, an acceptance, a shipment, an arrival, a trading
        record shown); trades already under way keep their dates.
      </p>
      <ul className="mt-3 flex flex-col gap-3">
        {Object.values(KNOWN_SETTINGS).map((known) => {
          const k = known as KnownSetting;
          const row = stored.find((s) => s.category === k.category && s.key === k.key);
          const value = knownSettingValue(k, row?.value);
          return (
            <li key={`${k.category}.${k.key}`}>
              <p className="font-semibold break-all">
                {k.category} / {k.key}
              </p>
              <p>{k.description}</p>
              <p className="text-ink-muted">
                Type: {k.type}. Default {knownSettingText(k, k.default)}. In force now: {knownSettingText(k, value)}
                {row ? '' : ' (the default)'}.
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
