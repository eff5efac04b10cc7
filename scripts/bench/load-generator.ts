// The bench's load generator, run as a child process (`node --import tsx`) so it does not
// share the server's event loop or CPU accounting. Either one URL again and again, or varied
// traffic: every request a new browse question from the seeded generator in questions.ts.
// Prints autocannon's result as JSON with how many requests were sent and how many distinct
// questions they asked.
//
//   node --import tsx scripts/bench/load-generator.ts <json options>
//   options: { origin, seconds, connections, path } or { origin, seconds, connections, varied: { seed, manufacturerIds } }
//   or { origin, seconds, connections, requestsFile }: a JSON file of [{path, cookie}], taken in
//   turn (the forum bench), each with its method, JSON body and other headers when it has them
//   (the club evening: evening-requests.ts)

import fs from 'node:fs';
import autocannon from 'autocannon';
import { variedQuestions } from './questions';

type Options = {
  origin: string;
  seconds: number;
  connections: number;
  path?: string;
  varied?: { seed: number; manufacturerIds: number[] };
  requestsFile?: string;
};

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
let sent = 0;
const distinct = new Set<string>();

const requests: autocannon.Request[] = [];
if (options.varied) {
  const next = variedQuestions(options.varied.seed, options.varied.manufacturerIds);
  requests.push({
    setupRequest: (request) => {
      const path = `/api/puzzle-listings?${next()}`;
      sent++;
      distinct.add(path);
      return { ...request, path };
    },
  });
}

if (options.requestsFile) {
  const list = JSON.parse(fs.readFileSync(options.requestsFile, 'utf8')) as Array<{
    path: string;
    cookie: string;
    method?: 'GET' | 'POST' | 'DELETE';
    body?: unknown;
    headers?: Record<string, string>;
  }>;
  let i = 0;
  requests.push({
    setupRequest: (request) => {
      const next = list[i++ % list.length]!;
      sent++;
      distinct.add(`${next.cookie} ${next.method ?? 'GET'} ${next.path} ${JSON.stringify(next.body ?? null)}`);
      const headers = { ...request.headers, ...next.headers, cookie: next.cookie };
      if (next.body === undefined) return { ...request, method: next.method ?? 'GET', path: next.path, headers };
      return {
        ...request,
        method: next.method ?? 'POST',
        path: next.path,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(next.body),
      };
    },
  });
}

const instance = autocannon(
  {
    url: `${options.origin}${options.path ?? '/api/puzzle-listings'}`,
    connections: options.connections,
    duration: options.seconds,
    ...(requests.length > 0 ? { requests } : {}),
  },
  (err, result) => {
    if (err) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    process.stdout.write(JSON.stringify({ ...result, sent, distinct: distinct.size }));
  },
);
instance.on('error', (err: Error) => process.stderr.write(`${err.message}\n`));
