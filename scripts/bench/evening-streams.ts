// The club evening's open live-update streams (issue 29): a child process that holds one
// GET /api/events stream per member given, each from the member's own address, and reads
// what arrives, so the app carries them through the whole run. Started by evening-run.ts:
//
//   node --import tsx scripts/bench/evening-streams.ts   (then told, over IPC, what to open)
//
// Tells its parent { opened, failed } once every stream has had its first event.

import http from 'node:http';

type Open = { port: number; members: Array<{ cookie: string; address: string }> };

process.on('message', (m: Open | 'close') => {
  if (m === 'close') process.exit(0);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let opened = 0;
  let failed = 0;
  const settle = () => {
    if (opened + failed === m.members.length) process.send!({ opened, failed });
  };
  for (const member of m.members) {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: m.port,
        path: '/api/events',
        agent,
        headers: { cookie: member.cookie, 'x-forwarded-for': member.address, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          failed += 1;
          res.resume();
          return settle();
        }
        let first = true;
        res.on('data', () => {
          if (!first) return;
          first = false;
          opened += 1;
          settle();
        });
      },
    );
    req.on('error', () => {
      failed += 1;
      settle();
    });
  }
});
