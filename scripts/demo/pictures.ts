import sharp from 'sharp';
import { saveImage, type ImageShape } from '../../src/server/uploads/image-store';
import type { PictureStorage } from '../../src/server/uploads/storage';

// Demo puzzle pictures, drawn rather than downloaded: no licences to worry about, no network,
// and the same seed always gives the same picture. A scene (sky, sun, layered hills, a few
// trees or a lake) is drawn as SVG, rendered by sharp and stored through saveImage exactly
// like a member's upload, so demo listings exercise the real image path.

export type PictureSize = { width: number; height: number };
// Big enough for the detail page, small enough that the seed stays quick (WebP encoding dominates).
export const DEFAULT_PICTURE_SIZE: PictureSize = { width: 960, height: 720 };

/** A small, fast deterministic random generator (mulberry32) seeded from a string. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Times of day: sky top and bottom, sun, and hills from far (pale) to near (deep).
const PALETTES = [
  { sky: ['#8ec5fc', '#e0f0ff'], sun: '#fff6c8', hills: ['#a8c69f', '#7fae6e', '#5a8f4e', '#3d6e36'] }, // June noon
  { sky: ['#ff9a8b', '#ffe3b3'], sun: '#fff1d0', hills: ['#c99ab0', '#9c6f8f', '#6e4a6e', '#45304d'] }, // sunset
  { sky: ['#4b6cb7', '#a6c1ee'], sun: '#fdfbe6', hills: ['#8aa2c8', '#5f7aa8', '#3f5a88', '#263d63'] }, // moonlit
  { sky: ['#f6d365', '#fda085'], sun: '#fffbe0', hills: ['#d9a05b', '#b9783d', '#8c5528', '#5e3818'] }, // harvest
  { sky: ['#a1c4fd', '#c2e9fb'], sun: '#ffffff', hills: ['#cfe3e8', '#9dbfc9', '#6d98a6', '#436f7e'] }, // winter
  { sky: ['#fbc2eb', '#a6c1ee'], sun: '#fff8f0', hills: ['#b7d3a8', '#93b98a', '#6b9a6a', '#4a7a52'] }, // spring dawn
] as const;

// A title on a picture is text inside XML: escape it.
const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A rolling hill line across the picture, closed along the bottom. */
function hillPath(rand: () => number, w: number, h: number, baseY: number, amplitude: number): string {
  const waves = [1 + rand() * 2, 2 + rand() * 3].map((freq) => ({ freq, phase: rand() * Math.PI * 2 }));
  const points: string[] = [];
  for (let i = 0; i <= 24; i++) {
    const x = (w * i) / 24;
    const y =
      baseY +
      waves.reduce(
        (sum, wv, k) => sum + Math.sin((x / w) * Math.PI * wv.freq + wv.phase) * amplitude * (k ? 0.35 : 1),
        0,
      );
    points.push(`${r1(x)},${r1(y)}`);
  }
  return `M0,${h} L${points.join(' L')} L${w},${h} Z`;
}

/**
 * One edge of a jigsaw piece from (x0,y0) to (x1,y1) with a round tab bulging to one side
 * (`dir` = +1 or -1): straight to 35 %, out and round the knob, back at 65 %, straight on.
 */
function tabEdge(x0: number, y0: number, x1: number, y1: number, dir: number): string {
  const dx = x1 - x0;
  const dy = y1 - y0;
  // Perpendicular, scaled to the edge length: the tab's height.
  const nx = -dy * 0.22 * dir;
  const ny = dx * 0.22 * dir;
  const p = (t: number, n: number) => `${r1(x0 + dx * t + nx * n)},${r1(y0 + dy * t + ny * n)}`;
  return (
    `L${p(0.36, 0)} C${p(0.42, 0.1)} ${p(0.3, 0.9)} ${p(0.5, 1)} ` +
    `C${p(0.7, 0.9)} ${p(0.58, 0.1)} ${p(0.64, 0)} L${p(1, 0)}`
  );
}

/** The cut lines of a cols x rows jigsaw, as one SVG path. */
function pieceGrid(rand: () => number, w: number, h: number, cols: number, rows: number): string {
  const side = () => (rand() < 0.5 ? 1 : -1);
  let d = '';
  for (let r = 1; r < rows; r++) {
    const y = (h * r) / rows;
    d += `M0,${r1(y)} `;
    for (let c = 0; c < cols; c++) d += tabEdge((w * c) / cols, y, (w * (c + 1)) / cols, y, side()) + ' ';
  }
  for (let c = 1; c < cols; c++) {
    const x = (w * c) / cols;
    d += `M${r1(x)},0 `;
    for (let r = 0; r < rows; r++) d += tabEdge(x, (h * r) / rows, x, (h * (r + 1)) / rows, side()) + ' ';
  }
  return d;
}

/** The scene alone (no text): sky, sun with a glow, birds, four hill layers, then trees, a lake or a cottage. */
function scene(rand: () => number, w: number, h: number, id: string): string {
  const palette = PALETTES[Math.floor(rand() * PALETTES.length)]!;
  const sunX = w * (0.15 + rand() * 0.7);
  const sunY = h * (0.15 + rand() * 0.2);
  const sunR = Math.min(w, h) * (0.06 + rand() * 0.05);
  let birds = '';
  for (let i = 0, n = Math.floor(rand() * 4); i < n; i++) {
    const x = w * (0.1 + rand() * 0.8);
    const y = h * (0.1 + rand() * 0.2);
    const s = w * (0.008 + rand() * 0.008);
    birds += `<path d="M${r1(x - s)},${r1(y)} Q${r1(x - s / 2)},${r1(y - s / 2)} ${r1(x)},${r1(y)} Q${r1(x + s / 2)},${r1(y - s / 2)} ${r1(x + s)},${r1(y)}" fill="none" stroke="#3a3a4a" stroke-opacity="0.6" stroke-width="${r1(Math.max(1, w / 500))}"/>`;
  }
  const feature = rand();
  let layers = '';
  palette.hills.forEach((colour, i) => {
    // Trees go on the third hill, just before the nearest one covers their feet.
    if (i === 3 && feature < 0.45) layers += trees(rand, w, h, colour);
    if (i === 3 && feature >= 0.45 && feature < 0.7) layers += cottage(rand, w, h);
    layers += `<path d="${hillPath(rand, w, h, h * (0.45 + i * 0.12), h * (0.06 - i * 0.008))}" fill="${colour}"/>`;
  });
  if (feature >= 0.7) {
    // A still lake in the valley, catching the sky.
    layers += `<ellipse cx="${r1(w * (0.3 + rand() * 0.4))}" cy="${r1(h * (0.74 + rand() * 0.06))}" rx="${r1(w * 0.28)}" ry="${r1(h * 0.035)}" fill="url(#sky-${id})" opacity="0.85"/>`;
  }
  return (
    `<defs>` +
    `<linearGradient id="sky-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient>` +
    `<radialGradient id="glow-${id}"><stop offset="0" stop-color="${palette.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient>` +
    `</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#sky-${id})"/>` +
    `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(sunR * 3)}" fill="url(#glow-${id})"/>` +
    `<circle cx="${r1(sunX)}" cy="${r1(sunY)}" r="${r1(sunR)}" fill="${palette.sun}"/>` +
    birds +
    layers
  );
}

/** A stand of fir trees along a hillside. */
function trees(rand: () => number, w: number, h: number, colour: string): string {
  let out = '';
  for (let i = 0, n = 6 + Math.floor(rand() * 10); i < n; i++) {
    const x = w * (0.03 + rand() * 0.94);
    const base = h * (0.8 + rand() * 0.06);
    const th = h * (0.08 + rand() * 0.07);
    out += `<path d="M${r1(x)},${r1(base - th)} L${r1(x + th * 0.28)},${r1(base)} L${r1(x - th * 0.28)},${r1(base)} Z" fill="${colour}"/>`;
  }
  return out;
}

/** A white cottage with a red roof and a lit window. */
function cottage(rand: () => number, w: number, h: number): string {
  const s = Math.min(w, h) * (0.07 + rand() * 0.03);
  const x = w * (0.15 + rand() * 0.6);
  const y = h * 0.8 - s * 0.7;
  return (
    `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s * 1.4)}" height="${r1(s * 0.8)}" fill="#f4efe4"/>` +
    `<path d="M${r1(x - s * 0.1)},${r1(y)} L${r1(x + s * 0.7)},${r1(y - s * 0.55)} L${r1(x + s * 1.5)},${r1(y)} Z" fill="#a4473a"/>` +
    `<rect x="${r1(x + s * 0.2)}" y="${r1(y + s * 0.2)}" width="${r1(s * 0.3)}" height="${r1(s * 0.25)}" fill="#f7d774"/>` +
    `<rect x="${r1(x + s * 0.85)}" y="${r1(y + s * 0.35)}" width="${r1(s * 0.28)}" height="${r1(s * 0.45)}" fill="#5b3a29"/>`
  );
}

/** Text sized to fit `maxWidth` (bold serif glyphs average about 0.6 em wide). */
function fittedFontSize(text: string, maxWidth: number, maxSize: number): number {
  return Math.max(8, Math.min(maxSize, maxWidth / (Math.max(text.length, 1) * 0.6)));
}

/** The finished puzzle: the scene, its piece cuts, and the title across the foreground. */
export function puzzleSvg(seed: string, title: string, size: PictureSize = DEFAULT_PICTURE_SIZE): string {
  const { width: w, height: h } = size;
  // The box shows the same scene: it is drawn from the seed alone; the cuts use their own stream.
  const cuts = seededRandom(`${seed}/cuts`);
  const cols = 8 + Math.floor(cuts() * 5);
  const rows = Math.round((cols * h) / w);
  const fontSize = fittedFontSize(title, w * 0.9, h * 0.11);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    scene(seededRandom(seed), w, h, 'p') +
    `<path d="${pieceGrid(cuts, w, h, cols, rows)}" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="${r1(Math.max(1, w / 600))}"/>` +
    `<text x="${w / 2}" y="${r1(h * 0.9)}" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, serif" font-weight="bold" font-size="${r1(fontSize)}" fill="#ffffff" stroke="#000000" stroke-opacity="0.35" stroke-width="${r1(fontSize / 18)}">${xml(title)}</text>` +
    `</svg>`
  );
}

/** The box lid: a coloured frame with the brand, the scene inset, the title and piece count. */
export function boxSvg(
  seed: string,
  box: { title: string; brand: string; pieces: number },
  size: PictureSize = DEFAULT_PICTURE_SIZE,
): string {
  const { width: w, height: h } = size;
  const rand = seededRandom(`${seed}/box`);
  const frames = ['#1f3a5f', '#7a1f2b', '#1e4d3a', '#4a2c5e', '#2b2b2b', '#8a5a14'];
  const frame = frames[Math.floor(rand() * frames.length)]!;
  const m = Math.round(w * 0.05);
  const top = Math.round(h * 0.14);
  const bottom = Math.round(h * 0.2);
  const iw = w - 2 * m;
  const ih = h - top - bottom;
  const titleSize = fittedFontSize(box.title, w * 0.85, bottom * 0.5);
  const brandSize = fittedFontSize(box.brand.toUpperCase(), w * 0.6, top * 0.45);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="${w}" height="${h}" fill="${frame}"/>` +
    `<rect x="${m / 2}" y="${m / 2}" width="${w - m}" height="${h - m}" fill="none" stroke="#e8c872" stroke-width="${r1(Math.max(1, w / 300))}"/>` +
    `<text x="${w / 2}" y="${r1(top * 0.68)}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" letter-spacing="${r1(brandSize * 0.15)}" font-size="${r1(brandSize)}" fill="#e8c872">${xml(box.brand.toUpperCase())}</text>` +
    `<svg x="${m}" y="${top}" width="${iw}" height="${ih}" viewBox="0 0 ${iw} ${ih}">${scene(seededRandom(seed), iw, ih, 'b')}</svg>` +
    `<text x="${w / 2}" y="${r1(h - bottom * 0.45)}" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, serif" font-weight="bold" font-size="${r1(titleSize)}" fill="#ffffff">${xml(box.title)}</text>` +
    `<circle cx="${r1(w - m * 2.2)}" cy="${r1(top + m * 1.6)}" r="${r1(m * 1.3)}" fill="#e8c872"/>` +
    `<text x="${r1(w - m * 2.2)}" y="${r1(top + m * 1.6)}" dy="0.1em" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${r1(m * 0.62)}" fill="${frame}">${box.pieces}</text>` +
    `<text x="${r1(w - m * 2.2)}" y="${r1(top + m * 2.3)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${r1(m * 0.3)}" fill="${frame}">PIECES</text>` +
    `</svg>`
  );
}

/**
 * A member's portrait, drawn: head and shoulders against a sky of the palettes above, in a
 * jumper of the member's colour, some with glasses. Square, like every avatar.
 */
export function avatarSvg(seed: string, side = 256): string {
  const rand = seededRandom(`${seed}/avatar`);
  const palette = PALETTES[Math.floor(rand() * PALETTES.length)]!;
  const skins = ['#f1c7a5', '#e0ac84', '#c68863', '#8d5a3b', '#5e3b26'];
  const hairs = ['#d9d9d9', '#bfbfbf', '#8c7b6b', '#3b2a20', '#f0efe9', '#6b4a2f'];
  const jumpers = ['#1f3a5f', '#7a1f2b', '#1e4d3a', '#4a2c5e', '#8a5a14', '#2f6f73'];
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const [skin, hair, jumper] = [pick(skins), pick(hairs), pick(jumpers)];
  const c = side / 2;
  const head = side * 0.2;
  const glasses =
    rand() < 0.5
      ? `<g fill="none" stroke="#2b2b2b" stroke-width="${r1(side / 80)}"><circle cx="${r1(c - head * 0.4)}" cy="${r1(side * 0.42)}" r="${r1(head * 0.28)}"/><circle cx="${r1(c + head * 0.4)}" cy="${r1(side * 0.42)}" r="${r1(head * 0.28)}"/><path d="M${r1(c - head * 0.12)},${r1(side * 0.42)} H${r1(c + head * 0.12)}"/></g>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient></defs>` +
    `<rect width="${side}" height="${side}" fill="url(#bg)"/>` +
    `<path d="M${r1(side * 0.12)},${side} C${r1(side * 0.14)},${r1(side * 0.72)} ${r1(side * 0.3)},${r1(side * 0.66)} ${c},${r1(side * 0.66)} C${r1(side * 0.7)},${r1(side * 0.66)} ${r1(side * 0.86)},${r1(side * 0.72)} ${r1(side * 0.88)},${side} Z" fill="${jumper}"/>` +
    `<rect x="${r1(c - head * 0.35)}" y="${r1(side * 0.55)}" width="${r1(head * 0.7)}" height="${r1(side * 0.14)}" fill="${skin}"/>` +
    `<circle cx="${c}" cy="${r1(side * 0.32)}" r="${r1(head * 1.08)}" fill="${hair}"/>` +
    `<ellipse cx="${c}" cy="${r1(side * 0.42)}" rx="${r1(head * 0.9)}" ry="${r1(head * 1.05)}" fill="${skin}"/>` +
    `<path d="M${r1(c - head * 0.35)},${r1(side * 0.52)} Q${c},${r1(side * 0.58)} ${r1(c + head * 0.35)},${r1(side * 0.52)}" fill="none" stroke="#6b3a2a" stroke-width="${r1(side / 90)}" stroke-linecap="round"/>` +
    `<circle cx="${r1(c - head * 0.4)}" cy="${r1(side * 0.42)}" r="${r1(side / 70)}" fill="#2b2b2b"/>` +
    `<circle cx="${r1(c + head * 0.4)}" cy="${r1(side * 0.42)}" r="${r1(side / 70)}" fill="#2b2b2b"/>` +
    glasses +
    `</svg>`
  );
}

// JPEG at high quality is the quickest way to hand a rendered picture to saveImage (which
// re-encodes it anyway); PNG compression would cost more than the whole re-encode.
async function storeSvg(pictures: PictureStorage, svg: string, shape: ImageShape = 'picture'): Promise<string> {
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
  return (await saveImage(pictures, jpeg, shape)).url;
}

/** Draws and stores a member's avatar (cut square, as an uploaded one is); returns its URL. */
export function makeAvatarPicture(pictures: PictureStorage, seed: string): Promise<string> {
  return storeSvg(pictures, avatarSvg(seed), 'square');
}

/** Draws and stores one listing's two pictures; returns their URLs for the listing row. */
export async function makeListingPictures(
  pictures: PictureStorage,
  listing: { seed: string; title: string; brand: string; pieces: number },
  size: PictureSize = DEFAULT_PICTURE_SIZE,
): Promise<{ puzzleImageUrl: string; boxImageUrl: string }> {
  const [puzzleImageUrl, boxImageUrl] = await Promise.all([
    storeSvg(pictures, puzzleSvg(listing.seed, listing.title, size)),
    storeSvg(pictures, boxSvg(listing.seed, listing, size)),
  ]);
  return { puzzleImageUrl, boxImageUrl };
}
