import { createReadStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertPictureName, PICTURE_NAME, type PictureStorage } from './storage';

// Pictures as files in one folder (UPLOAD_DIR): the default, right for one app process.

/** Whether an If-None-Match header names `etag` (a list, weak or strong, or `*`). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag;
  });
}

/** The file's stat, or null when there is no such file. */
async function statFile(file: string): Promise<Stats | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export function createDiskStorage(directory: string): PictureStorage {
  const fileFor = (name: string) => {
    assertPictureName(name);
    return path.join(directory, name);
  };

  return {
    description: `folder ${directory}`,

    async put(name, bytes) {
      const file = fileFor(name);
      await fs.mkdir(directory, { recursive: true });
      // 'wx': never overwrite; a clash of random names would be a bug worth hearing about.
      await fs.writeFile(file, bytes, { flag: 'wx' });
    },

    async exists(name) {
      return (await statFile(fileFor(name))) !== null;
    },

    async get(name, options = {}) {
      const file = fileFor(name);
      const stat = await statFile(file);
      if (!stat) return null;
      // Files never change, so size and time identify the content without reading it.
      const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      if (matchesEtag(options.ifNoneMatch, etag)) return 'not-modified';
      return { body: createReadStream(file), contentType: 'image/webp', size: stat.size, etag };
    },

    async delete(name) {
      await fs.rm(fileFor(name), { force: true });
    },

    async *list() {
      let entries;
      try {
        entries = await fs.readdir(directory, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile() || !PICTURE_NAME.test(entry.name)) continue;
        const stat = await statFile(path.join(directory, entry.name));
        if (stat) yield { name: entry.name, size: stat.size };
      }
    },

    publicUrl: () => undefined,

    async close() {},
  };
}
