import { acquireDataDirLock } from '../../src/server/db/data-dir-lock';

// A process that takes the data folder lock and keeps it until it is killed, for the lock's
// tests (tests/process/crash-restart.test.ts). Usage: hold-data-dir-lock.ts <data dir>
acquireDataDirLock(process.argv[2]!);
process.stdout.write('locked\n');
setInterval(() => {}, 60_000);
