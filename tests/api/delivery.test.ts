import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions-repository';
import { BROTLI_QUALITY, SYNC_COMPRESSION_MAX_BYTES } from '../../src/server/http/compression';
import {
  BROWSE_PAGE_MODULE,
  COMMUNITY_PAGE_MODULE,
  HELP_PAGE_MODULE,
  LANDING_PAGE_MODULE,
  PAGE_FRAME_MODULE,
  PUZZLE_PAGE_MODULE,
  WANTED_PAGE_MODULE,
  preferredEncoding,
} from '../../src/server/http/static-client';
import { precompressDir } from '../../scripts/precompress.mjs';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createListing, createMember } from '../support/factories';
import { tempDir } from '../support/test-database';
import { FAKE_INDEX_HTML } from '../support/fake-client';

// Delivery (docs/decisions/0017-delivery.md): the built client goes out precompressed (Brotli
// or gzip, as the browser asks) with long caching for fingerprinted files and revalidation
// for the page; API answers are compressed on the fly above a kilobyte, stay unstored, and
// the live event stream is neither compressed nor held back.
//
// The client here is a tiny fake build, compressed by the build's own step (precompress.mjs),
// so no real build runs.

const SCRIPT = `export function hello(name) {\n  return 'Hello, ' + name + '!';\n}\n`.repeat(200);
const PAGE = FAKE_INDEX_HTML;

let t: TestApp;
let clientDir: string;
let cookie: string;
beforeAll(async () => {
  clientDir = tempDir('client');
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), PAGE);
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-Abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-Def456.css'), 'body { color: #111; }\n'.repeat(100));
  // The build's manifest, as Vite writes it: the entry, the landing page's lazy chunk and
  // what it imports (the entry again, and a shared chunk), and another page's chunk.
  fs.mkdirSync(path.join(clientDir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-Abc123.js', isEntry: true, imports: [] },
    [LANDING_PAGE_MODULE]: { file: 'assets/landing-page-Ghi789.js', imports: ['index.html', '_brand-Jkl012.js'] },
    '_brand-Jkl012.js': { file: 'assets/brand-Jkl012.js', imports: ['index.html'] },
    [BROWSE_PAGE_MODULE]: { file: 'assets/browse-puzzles-page-Mno345.js', imports: ['index.html', '_brand-Jkl012.js'] },
    [PAGE_FRAME_MODULE]: { file: 'assets/page-frame-Pqr678.js', imports: ['index.html'] },
    [PUZZLE_PAGE_MODULE]: { file: 'assets/puzzle-detail-page-Vwx234.js', imports: ['index.html'] },
    [HELP_PAGE_MODULE]: { file: 'assets/help-page-Yza567.js', imports: ['index.html'] },
    [COMMUNITY_PAGE_MODULE]: { file: 'assets/community-page-Bcd890.js', imports: ['index.html'] },
    [WANTED_PAGE_MODULE]: { file: 'assets/wanted-page-Efg123.js', imports: ['index.html'] },
    'src/web/features/members/pages/member-page.tsx': { file: 'assets/member-page-Stu901.js' },
  };
  fs.writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  precompressDir(clientDir);
  t = await buildTestApp({ clientDir });
  const member = await createMember(t.database.db);
  cookie = `jc_session=${(await createSession(t.database.db, member.id, false)).token}`;
});
afterAll(async () => {
  await t?.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('the build step', () => {
  it('writes a .br and a .gz beside each text file, each smaller than the file', () => {
    for (const file of ['assets/index-Abc123.js', 'assets/index-Def456.css', 'index.html']) {
      const raw = fs.readFileSync(path.join(clientDir, file));
      const br = fs.readFileSync(path.join(clientDir, `${file}.br`));
      const gz = fs.readFileSync(path.join(clientDir, `${file}.gz`));
      expect(br.length, file).toBeLessThan(raw.length);
      expect(brotliDecompressSync(br).equals(raw), file).toBe(true);
      expect(gunzipSync(gz).equals(raw), file).toBe(true);
    }
  });
});

describe('built files', () => {
  const script = '/assets/index-Abc123.js';

  it('go out as the precompressed Brotli file to a browser that accepts br', async () => {
    const res = await get(script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    // The type of the script, not of a Brotli file, and the same as the uncompressed answer's.
    expect(res.headers['content-type']).toBe((await get(script)).headers['content-type']);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const onDisk = fs.readFileSync(path.join(clientDir, `${script}.br`));
    expect(Number(res.headers['content-length'])).toBe(onDisk.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('as the gzip file to a browser that only takes gzip (or rates it higher)', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0.5, gzip']) {
      const res = await get(script, { 'accept-encoding': acceptEncoding });
      expect(res.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('as they are without Accept-Encoding, still saying the answer varies by it', async () => {
    const res = await get(script);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
    expect(res.body).toBe(SCRIPT);
  });

  it('fingerprinted files are kept for a year and never asked about again', async () => {
    for (const file of [script, '/assets/index-Def456.css']) {
      const res = await get(file, { 'accept-encoding': 'br' });
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
    const css = await get('/assets/index-Def456.css', { 'accept-encoding': 'br' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('the .br and .gz files have no address of their own', async () => {
    expect((await get(`${script}.br`)).statusCode).toBe(404);
    expect((await get('/index.html.gz')).statusCode).toBe(404);
  });
});

describe('the page (index.html and every page address)', () => {
  it('is compressed, revalidated on every visit, and answers 304 when unchanged', async () => {
    for (const url of ['/', '/browse-puzzles', '/index.html']) {
      const first = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      const html = brotliDecompressSync(first.rawPayload).toString();
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-Abc123.js">');
      expect(html).toContain('<meta name="app-url" content="http://localhost:3000" />');

      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await get(url, { 'accept-encoding': 'br, gzip', 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-cache');

      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html);
    }
  });

  it('preloads the first draw’s chunks of the landing page, browse, a puzzle’s page and Help, and nothing index.html loads already', async () => {
    const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}" />`;
    const landing = (await get('/')).body;
    expect(landing).toContain(preload('landing-page-Ghi789.js'));
    expect(landing).toContain(preload('brand-Jkl012.js'));
    expect(landing).not.toContain(preload('index-Abc123.js'));
    expect(landing).not.toContain('browse-puzzles-page');
    expect(landing).not.toContain('page-frame');
    // Browse: the frame, its page and what that imports, each once.
    const browse = (await get('/browse-puzzles?q=whitby')).body;
    for (const file of ['page-frame-Pqr678.js', 'browse-puzzles-page-Mno345.js', 'brand-Jkl012.js']) {
      expect(browse.split(preload(file)), file).toHaveLength(2);
    }
    expect(browse).not.toContain('landing-page');
    expect(browse).not.toContain(preload('index-Abc123.js'));
    const puzzle = (await get('/puzzle/1')).body;
    expect(puzzle).toContain(preload('page-frame-Pqr678.js'));
    expect(puzzle).toContain(preload('puzzle-detail-page-Vwx234.js'));
    expect(puzzle).not.toContain('browse-puzzles-page');
    expect((await get('/help')).body).toContain(preload('help-page-Yza567.js'));
    // Other pages, members' pages among them: only what index.html has.
    for (const url of ['/members/3', '/browse-puzzles/more', '/puzzle/1/edit', '/index.html', '/contact']) {
      expect((await get(url)).body, url).not.toContain('modulepreload');
    }
    // Different pages, so different ETags: a revalidation never mixes them up.
    expect((await get('/')).headers.etag).not.toBe((await get('/browse-puzzles')).headers.etag);
    expect((await get('/puzzle/1')).headers.etag).not.toBe((await get('/browse-puzzles')).headers.etag);
  });

  it('preloads a member’s community and Wanted code for a browser with the session cookie, and the landing page’s only without', async () => {
    const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}" />`;
    const signedIn = { cookie };
    const community = await get('/community', signedIn);
    expect(community.body).toContain(preload('community-page-Bcd890.js'));
    expect(community.body).toContain(preload('page-frame-Pqr678.js'));
    expect((await get('/wanted', signedIn)).body).toContain(preload('wanted-page-Efg123.js'));
    // The page follows the cookie, so caches are told so.
    expect(community.headers.vary).toMatch(/cookie/i);
    // At / a member is shown their home, whose code is not preloaded; a visitor the landing page.
    expect((await get('/', signedIn)).body).not.toContain('modulepreload');
    expect((await get('/')).body).toContain(preload('landing-page-Ghi789.js'));
    // Without the cookie, members' pages preload nothing (the visitor is sent to sign in).
    for (const url of ['/community', '/wanted']) expect((await get(url)).body, url).not.toContain('modulepreload');
    // Pages for anyone preload the same either way.
    expect((await get('/browse-puzzles', signedIn)).body).toBe((await get('/browse-puzzles')).body);
    expect((await get('/community', signedIn)).headers.etag).not.toBe((await get('/community')).headers.etag);
  });

  it('a new page (another public address) is not answered with 304', async () => {
    const before = (await get('/')).headers.etag as string;
    const appUrl = t.ctx.config.appUrl;
    t.ctx.config.appUrl = 'https://club.example.org';
    try {
      const res = await get('/', { 'if-none-match': before });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('content="https://club.example.org"');
    } finally {
      t.ctx.config.appUrl = appUrl;
    }
  });
});

describe('API answers', () => {
  it('a large JSON answer is compressed on the fly (br or gzip) and still never stored', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.body.length).toBeGreaterThan(10_000);
    const br = await get('/api/docs/json', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('a browse page is compressed in one go, at Brotli quality 3, with its exact length; a larger answer streams', async () => {
    const owner = await createMember(t.database.db);
    for (let i = 0; i < 24; i++) {
      await createListing(t.database.db, owner.id, {
        title: `Harbour Lights ${i}`,
        description: 'A calm sea. '.repeat(20),
      });
    }
    const plain = await get('/api/puzzle-listings?pageSize=24');
    const size = plain.rawPayload.length;
    // Above the plugin's own default on two cores (8 KB), within ours (64 KB).
    expect(size).toBeGreaterThan(8 * 1024);
    expect(size).toBeLessThanOrEqual(SYNC_COMPRESSION_MAX_BYTES);
    const br = await get('/api/puzzle-listings?pageSize=24', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    // Compressed in one call, its length is known: a stream would have sent it in chunks.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    // At our quality (3, not the plugin's 4): the same bytes as Brotli gives at 3.
    const atQuality = (q: number) =>
      brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: q } });
    expect(BROTLI_QUALITY).toBe(3);
    expect(br.rawPayload.equals(atQuality(BROTLI_QUALITY))).toBe(true);
    expect(br.rawPayload.equals(atQuality(4))).toBe(false);

    const docs = await get('/api/docs/json', { 'accept-encoding': 'br, gzip' });
    expect((await get('/api/docs/json')).rawPayload.length).toBeGreaterThan(SYNC_COMPRESSION_MAX_BYTES);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(docs.headers['content-length']).toBeUndefined();
  });

  it('a personal answer is never stored, and a small one goes as it is', async () => {
    const res = await get('/api/auth/user', { cookie, 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().id).toBeTypeOf('number');
  });

  it('request bodies are not inflated: a compressed body is refused as bad JSON, not unpacked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'someone@example.org', password: 'whatever it is' })),
    });
    expect(res.statusCode).toBe(400);
  });

  it('the live event stream is neither compressed nor buffered: its first event arrives at once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { headers, firstEvent } = await new Promise<{ headers: http.IncomingHttpHeaders; firstEvent: string }>(
      (resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: '/api/events', headers: { cookie, 'accept-encoding': 'br, gzip' } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
              // The stream never ends: the unread count arriving proves nothing held it back.
              if (text.includes('event: unread-count')) {
                resolve({ headers: res.headers, firstEvent: text });
                req.destroy();
              }
            });
          },
        );
        req.on('error', reject);
      },
    );
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['cache-control']).toBe('no-cache, no-transform');
    expect(firstEvent).toContain('retry: 3000');
    expect(firstEvent).toMatch(/event: unread-count\ndata: \{"count":0\}/);
  });
});

describe('preferredEncoding', () => {
  it('follows the browser’s ratings, Brotli first on a tie, none for identity or refusals', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
  });
});
