import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNUSED_PICTURE_KEPT_MS } from '../../src/domain/constants';
import { systemSettings } from '../../src/server/db/schema';
import { removeUnusedPictures } from '../../src/server/uploads/unused-pictures-service';
import { buildTestApp, type TestApp } from '../support/build-app';
import { multipart } from '../support/multipart';
import { PICTURE_DRIVERS, picturesOn } from '../support/s3-stand-in';
import { testDbKind } from '../support/test-database';
import { http, signedInMember, type SignedIn } from './trades-fixtures';

// Issue 23 point 6: pictures uploaded and never used were kept for ever (about 215 MB an hour
// from one member's script). A day after its upload, a picture nothing refers to is removed
// with its thumbnail, on the upload folder and on S3 alike; a picture a listing, an avatar, a
// forum post or a setting refers to never is (decision 0026). The clock is the job's argument.

const HOUR = 60 * 60 * 1000;

describe.each(PICTURE_DRIVERS)('unused pictures on %s', (driver) => {
  let t: TestApp;
  let stopPictures: () => Promise<void>;
  const api = http(() => t);
  beforeAll(async () => {
    const pictures = await picturesOn(driver);
    stopPictures = pictures.close;
    t = await buildTestApp(pictures.settings);
  });
  afterAll(async () => {
    await t.close();
    await stopPictures();
  });

  let colour = 0;
  async function upload(who: SignedIn, shape?: 'square'): Promise<string> {
    colour += 1;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: colour, g: 90, b: 60 } } })
      .png()
      .toBuffer();
    const body = multipart(png, 'photo.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/uploads${shape ? `?shape=${shape}` : ''}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ url: string }>().url;
  }
  const nameOf = (url: string) => url.replace('/uploads/', '');
  const stored = async (url: string) => {
    const name = nameOf(url);
    return (await t.ctx.pictures.exists(name)) && (await t.ctx.pictures.exists(name.replace(/\.webp$/, '.thumb.webp')));
  };
  const gone = async (url: string) => {
    const name = nameOf(url);
    return (
      !(await t.ctx.pictures.exists(name)) && !(await t.ctx.pictures.exists(name.replace(/\.webp$/, '.thumb.webp')))
    );
  };
  const clean = (now: Date) => removeUnusedPictures({ db: t.database.db, pictures: t.ctx.pictures }, now);

  it('removes, a day after upload, only the pictures nothing refers to; then one replaced since', async () => {
    const start = new Date();
    const member = await signedInMember(t.database.db);
    const [front, box, avatar, newAvatar, forum, setting, unused, alsoUnused] = [
      await upload(member),
      await upload(member),
      await upload(member, 'square'),
      await upload(member, 'square'),
      await upload(member),
      await upload(member),
      await upload(member),
      await upload(member),
    ];
    const listing = await api.post('/api/puzzle-listings', member, {
      title: 'Harbour at Dusk',
      pieces: 1000,
      condition: 'very_good',
      puzzleImageUrl: front,
      boxImageUrl: box,
    });
    expect(listing.statusCode, listing.body).toBe(201);
    expect((await api.patch('/api/members/me/profile', member, { avatarUrl: avatar })).statusCode).toBe(200);
    const post = await api.post('/api/community/posts', member, {
      title: 'My finished harbour',
      content: 'Here it is, framed at last.',
      category: 'showcase',
      imageUrls: [forum],
    });
    expect(post.statusCode, post.body).toBe(201);
    await t.database.db
      .insert(systemSettings)
      .values({ category: 'platform', key: `welcome_picture_${driver}`, value: { url: setting } });

    // Not yet a day: nothing goes.
    expect(await clean(new Date(start.getTime() + UNUSED_PICTURE_KEPT_MS - HOUR))).toEqual({ removed: 0 });
    for (const url of [front, box, avatar, newAvatar, forum, setting, unused, alsoUnused])
      expect(await stored(url)).toBe(true);

    // A day on: the two never used go, the others stay.
    const dayOn = new Date(start.getTime() + UNUSED_PICTURE_KEPT_MS + HOUR);
    expect(await clean(dayOn)).toEqual({ removed: 3 });
    for (const url of [unused, alsoUnused, newAvatar]) expect(await gone(url)).toBe(true);
    for (const url of [front, box, avatar, forum, setting]) expect(await stored(url)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: unused })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: front })).statusCode).toBe(200);
    // Run again at once: nothing more.
    expect(await clean(dayOn)).toEqual({ removed: 0 });

    // The member puts a new avatar up: the old one, unused now, goes a day after it was last seen in use.
    const replacement = await upload(member, 'square');
    expect((await api.patch('/api/members/me/profile', member, { avatarUrl: replacement })).statusCode).toBe(200);
    expect(await clean(new Date(dayOn.getTime() + HOUR))).toEqual({ removed: 0 });
    expect(await clean(new Date(dayOn.getTime() + UNUSED_PICTURE_KEPT_MS + HOUR))).toEqual({ removed: 1 });
    expect(await gone(avatar)).toBe(true);
    for (const url of [replacement, front, box, forum, setting]) expect(await stored(url)).toBe(true);
  }, 60_000);

  it.runIf(testDbKind === 'postgres')(
    'two processes cleaning at once remove each picture once',
    async () => {
      const start = new Date();
      const member = await signedInMember(t.database.db);
      const urls: string[] = [];
      for (let i = 0; i < 6; i++) urls.push(await upload(member));
      const at = new Date(start.getTime() + 3 * UNUSED_PICTURE_KEPT_MS);
      const [a, b] = await Promise.all([clean(at), clean(at)]);
      expect(a.removed + b.removed).toBe(6);
      for (const url of urls) expect(await gone(url)).toBe(true);
      expect(await clean(at)).toEqual({ removed: 0 });
    },
    60_000,
  );
});
