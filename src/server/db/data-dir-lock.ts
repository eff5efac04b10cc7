import fs from 'node:fs';
import path from 'node:path';

// PGlite lets two processes open one data directory and corrupt it. We take a lock file
// naming our process; a lock whose process has ended (SIGKILL, power cut) is stale and taken
// over, so a restart right after a crash starts.
//
// "Ended" is more than kill(pid, 0) can tell. A killed process stays in the process table as
// a zombie until its parent reaps it (a supervisor may take seconds), and kill(pid, 0) still
// succeeds on it; and after a reboot or a wrap-around its pid may belong to another process.
// So on Linux the lock names the process by pid, start time (field 22 of /proc/<pid>/stat,
// clock ticks since boot) and boot id, and is honoured only while that same process is alive
// and not a zombie. Where there is no /proc the pid alone is checked, as before.

export class DataDirLockedError extends Error {}

/** Who holds a lock. Lock files written before start times were recorded hold only a pid. */
type Holder = { pid: number; startTime?: string; bootId?: string };

const HAS_PROC = fs.existsSync('/proc/self/stat');

/** State (field 3) and start time (field 22) of a process, or undefined when there is none. */
function procStat(pid: number): { state: string; startTime: string } | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Field 2 is the command name in parentheses and may itself hold spaces and ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, startTime: fields[19]! };
}

function bootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

function thisProcess(): Holder {
  return HAS_PROC
    ? { pid: process.pid, startTime: procStat(process.pid)?.startTime, bootId: bootId() }
    : { pid: process.pid };
}

function parseHolder(text: string): Holder | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const holder = JSON.parse(trimmed) as Holder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : undefined;
  } catch {
    return undefined;
  }
}

function signalReaches(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process the lock names is still running (and is not us). */
function stillHolds(holder: Holder): boolean {
  if (holder.pid === process.pid) return false;
  if (!HAS_PROC) return signalReaches(holder.pid);
  // Another boot: every process of the old one has ended.
  if (holder.bootId !== undefined && holder.bootId !== bootId()) return false;
  const stat = procStat(holder.pid);
  // Gone, a zombie (Z) or dead (X).
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  // The pid now names a later process.
  if (holder.startTime !== undefined && holder.startTime !== stat.startTime) return false;
  return true;
}

export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'jigsaw-club.lock');
  const content = JSON.stringify(thisProcess());
  for (let attempt = 0; attempt < 3; attempt++) {
    // Written in full under a private name, then linked into place: link() fails if the lock
    // exists, and another process never reads a lock file that is still empty.
    const draft = `${lockPath}.${process.pid}`;
    fs.writeFileSync(draft, content);
    try {
      fs.linkSync(draft, lockPath);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === content) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let text: string;
      try {
        text = fs.readFileSync(lockPath, 'utf8');
      } catch (readErr) {
        // Released between our link and our read: try again.
        if ((readErr as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw readErr;
      }
      const holder = parseHolder(text);
      if (holder && stillHolds(holder)) {
        throw new DataDirLockedError(
          `The database in ${dir} is already in use by another Jigsaw Club process (pid ${holder.pid}). ` +
            'Stop that process first, or set DATA_DIR to a different folder.',
        );
      }
      // Stale lock: remove it and try again (another process may win the race; then we stop above).
      fs.rmSync(lockPath, { force: true });
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}; another process keeps taking it.`);
}
