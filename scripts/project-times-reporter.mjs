// A Vitest reporter for `npm test`: at the end, how long each project took (from its first
// file starting to its last file ending) and its slowest files, so a slower CI run says where
// the time went. Projects run side by side or one after another (vitest.config.ts), so the
// wall times need not add up to the whole run; each project's line says when, from the run's
// start, its first file started and its last ended, so the gaps between them show too.
export default class ProjectTimesReporter {
  /** project name -> { start, end, files: [name, ms][] } */
  projects = new Map();
  started = new Map();
  runStart = Date.now();

  onTestRunStart() {
    this.runStart = Date.now();
  }

  onTestModuleStart(testModule) {
    this.started.set(testModule.moduleId, Date.now());
  }

  onTestModuleEnd(testModule) {
    const name = testModule.project.name || 'default';
    const start = this.started.get(testModule.moduleId) ?? Date.now();
    const end = Date.now();
    const entry = this.projects.get(name) ?? { start, end, files: [] };
    entry.start = Math.min(entry.start, start);
    entry.end = Math.max(entry.end, end);
    entry.files.push([testModule.relativeModuleId ?? testModule.moduleId, end - start]);
    this.projects.set(name, entry);
  }

  onTestRunEnd() {
    if (this.projects.size === 0) return;
    const lines = ['', 'Time by project (wall clock, first file start to last file end; slowest files):'];
    for (const [name, { start, end, files }] of this.projects) {
      const slowest = [...files]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([file, ms]) => `${file.split('/').pop()} ${(ms / 1000).toFixed(0)} s`)
        .join(', ');
      const at = (t) => ((t - this.runStart) / 1000).toFixed(0);
      lines.push(
        `  ${name.padEnd(13)} ${((end - start) / 1000).toFixed(0).padStart(4)} s  ${at(start)}-${at(end)} s  ${files.length} files  (${slowest})`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
