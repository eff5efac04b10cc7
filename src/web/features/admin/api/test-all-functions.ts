import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { createSetting } from './create-setting';
import { deleteSetting } from './delete-setting';
import { getActions } from './get-actions';
import { getDisputedTrades } from './get-disputed-trades';
import { getManufacturers } from './get-manufacturers';
import { getOverview } from './get-overview';
import { getPointsSummary } from './get-points-summary';
import { getReports } from './get-reports';
import { getSettings } from './get-settings';
import { getUsers } from './get-users';
import { adminKeys } from './query-keys';
import { plural } from '../../../../domain/sentences';

// 'Test All Functions' (docs/product/administration.md#the-panel) creates a test setting, then reads every
// admin list once and shows which answered. The test setting is deleted again at the end, so
// the button can be pressed any number of times and leaves only its lines in the log.

export type FunctionCheck = { name: string; ok: boolean; detail: string };

/** '1 setting', '2 settings', '1 entry', '2 entries'. */

export async function testAllFunctions(): Promise<FunctionCheck[]> {
  const checks: FunctionCheck[] = [];
  const run = async (name: string, work: () => Promise<string>) => {
    try {
      checks.push({ name, ok: true, detail: await work() });
    } catch (error) {
      checks.push({ name, ok: false, detail: errorMessage(error, 'No answer') });
    }
  };
  let settingId: number | null = null;
  await run('Create a test setting', async () => {
    const made = await createSetting({
      category: 'platform',
      key: `test-all-functions-${new Date().toISOString()}`,
      value: { test: true },
      description: 'Made by Test All Functions; deleted again at the end.',
    });
    settingId = made.id;
    return `setting ${made.key}`;
  });
  await run('Overview', async () => plural((await getOverview()).members.total, 'member'));
  await run('Users', async () => plural((await getUsers({ pageSize: 1 })).total, 'member'));
  await run('Points summary', async () =>
    plural((await getPointsSummary()).total, 'PuzzlePoint in balances', 'PuzzlePoints in balances'),
  );
  await run('Manufacturers', async () => plural((await getManufacturers()).length, 'manufacturer'));
  await run('Settings', async () => plural((await getSettings()).length, 'setting'));
  await run('Activity log', async () => plural((await getActions({ pageSize: 1 })).total, 'entry', 'entries'));
  await run('Reports', async () => `${(await getReports({ status: 'pending', pageSize: 1 })).total} pending`);
  await run('Trade disputes', async () => `${(await getDisputedTrades()).length} waiting`);
  if (settingId !== null) {
    const id: number = settingId;
    await run('Delete the test setting', async () => {
      await deleteSetting(id);
      return 'deleted';
    });
  }
  return checks;
}

export function useTestAllFunctions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testAllFunctions,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
