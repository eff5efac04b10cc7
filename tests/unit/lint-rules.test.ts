// The lint rules that keep the code's shape (docs/architecture.md, "Lint rules") reject what
// they are there to reject. Each fixture in tests/lint/fixtures/ breaks one rule; it is
// linted with the project's own eslint.config.js, with ESLint's cwd set to the fixtures'
// folder so that their src/… paths fall under the config's src/… patterns.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'tests/lint/fixtures');
const configFile = path.join(root, 'eslint.config.js');
const fixtureLint = new ESLint({ cwd: fixtures, overrideConfigFile: configFile });
const projectLint = new ESLint({ cwd: root });

async function problems(fixture: string) {
  const [result] = await fixtureLint.lintFiles([path.join(fixtures, fixture)]);
  return result!.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

describe('lint: a web feature does not import another web feature', () => {
  it('rejects an import, a type import, a re-export and a lazy import from another feature', async () => {
    const found = await problems('src/web/features/forum/components/forum-trade-link.ts');
    expect(found.map((p) => [p.rule, p.line])).toEqual([
      ['local/no-cross-feature-import', 3],
      ['local/no-cross-feature-import', 4],
      ['local/no-cross-feature-import', 5],
      ['local/no-cross-feature-import', 8],
    ]);
    expect(found[0]!.message).toContain("The 'forum' feature imports the 'trades' feature");
  });

  it('lets a feature import its own files, and the router import any feature', async () => {
    expect(await problems('src/web/features/trades/components/trade-list.ts')).toEqual([]);
    expect(await problems('src/web/router.ts')).toEqual([]);
  });
});

describe("lint: a server feature does not import another feature's repository", () => {
  it("rejects the forum feature reading the trades feature's repository", async () => {
    const found = await problems('src/server/forum/forum-service.ts');
    expect(found.map((p) => [p.rule, p.line])).toEqual([['local/no-foreign-repository', 3]]);
    expect(found[0]!.message).toContain("src/server/forum/ imports a repository of the 'trades' feature");
  });

  it('lets a feature use its own repository, and infrastructure (notices/) use any', async () => {
    expect(await problems('src/server/trades/trade-service.ts')).toEqual([]);
    expect(await problems('src/server/notices/trade-notice.ts')).toEqual([]);
    expect(await problems('src/server/forum/forum-notices.ts')).toEqual([]);
  });
});

describe("lint: a server feature imports only another feature's entry points", () => {
  it('rejects the forum feature importing a trades file that is neither named *-service nor listed', async () => {
    const found = await problems('src/server/forum/forum-trade-mention.ts');
    expect(found.map((p) => [p.rule, p.line])).toEqual([['local/no-foreign-repository', 5]]);
    expect(found[0]!.message).toContain(
      "src/server/forum/ imports 'trade-texts', which is not one of the 'trades' feature's entry points",
    );
    expect(found[0]!.message).toContain('*-service or trade-refusals');
  });
});

describe('lint: no import cycle', () => {
  it('rejects two modules that import each other, in both of them', async () => {
    expect((await problems('src/cycle/first-module.ts')).map((p) => [p.rule, p.line])).toEqual([
      ['import-x/no-cycle', 2],
    ]);
    expect((await problems('src/cycle/second-module.ts')).map((p) => [p.rule, p.line])).toEqual([
      ['import-x/no-cycle', 1],
    ]);
  });

  it('lets a loop through a type-only import pass (it is erased at run time)', async () => {
    expect(await problems('src/cycle/type-only-owner.ts')).toEqual([]);
    expect(await problems('src/cycle/type-only-user.ts')).toEqual([]);
  });
});

describe('lint: transactions through the helper, rows locked FOR NO KEY UPDATE', () => {
  it('rejects a transaction opened by hand and a FOR UPDATE lock in a server feature', async () => {
    const found = await problems('src/server/forum/forum-transaction.ts');
    expect(found.map((p) => [p.rule, p.line])).toEqual([
      ['no-restricted-syntax', 9],
      ['no-restricted-syntax', 10],
    ]);
    expect(found[0]!.message).toContain('runInTransaction');
    expect(found[1]!.message).toContain("for('no key update')");
  });

  it('lets the helper itself open a transaction', async () => {
    expect(await problems('src/server/db/transaction.ts')).toEqual([]);
  });
});

describe('lint: the web calls the API by its route contract', () => {
  it('rejects an API path written by hand, as text or as a template', async () => {
    const found = await problems('src/web/features/trades/api/hand-made-call.ts');
    expect(found.map((p) => [p.rule, p.line])).toEqual([
      ['no-restricted-syntax', 3],
      ['no-restricted-syntax', 4],
    ]);
    expect(found[0]!.message).toContain("api.call('GET /api/…')");
  });
});

describe('lint: kebab-case names', () => {
  it('rejects a PascalCase file name', async () => {
    const found = await problems('src/web/components/ui/TradeCard.ts');
    expect(found.map((p) => [p.rule, p.line])).toEqual([['check-file/filename-naming-convention', 1]]);
    expect(found[0]!.message).toContain('"TradeCard.ts" does not match the "KEBAB_CASE" pattern');
  });

  it('rejects a camelCase folder name', async () => {
    const found = await problems('src/web/features/memberDirectory/member-row.ts');
    expect(found.map((p) => [p.rule, p.line])).toEqual([['check-file/folder-naming-convention', 1]]);
    expect(found[0]!.message).toContain('"memberDirectory" does not match the "KEBAB_CASE" pattern');
  });
});

describe('lint: the fixtures stay out of the project run', () => {
  it('`npm run lint` ignores tests/lint/fixtures/', async () => {
    expect(await projectLint.isPathIgnored(path.join(fixtures, 'src/web/components/ui/TradeCard.ts'))).toBe(true);
  });
});
