// Query plans of the browse statement on the bench database, for tuning:
//   npx tsx scripts/bench/explain.ts [--sql] 'q=lighthouse&minPieces=1000' 'sort=title-asc'
// (each argument is a browse query string; none: the bench's five shapes).

import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { browseQuerySchema } from '../../src/domain/browse';
import { browseCountStatement, browsePageStatement } from '../../src/server/listings/browse-repository';
import { SHAPES } from './shapes';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jc_bench';
const printSql = process.argv.includes('--sql');
const args = process.argv.slice(2).filter((a) => a !== '--sql');
const queries =
  args.length > 0
    ? args
    : SHAPES.filter((s) => s.path.includes('puzzle-listings')).map((s) => s.path.split('?')[1] ?? '');

async function main() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const dialect = new PgDialect();
  try {
    for (const qs of queries) {
      const query = browseQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
      for (const [label, statement] of [
        ['page', browsePageStatement(query)],
        ['count', browseCountStatement(query, 1000)],
      ] as const) {
        const { sql: text, params } = dialect.sqlToQuery(statement);
        const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS, SUMMARY) ${text}`, params);
        console.log(`==== ${qs || '(no filter)'}: ${label}`);
        if (printSql) console.log(`${text}\n-- params: ${JSON.stringify(params)}`);
        console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      }
    }
  } finally {
    await client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
