import { asc } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { manufacturers, type Manufacturer, type User } from '../../src/server/db/schema';
import { adminStep } from './admin';
import { communityStep } from './community';
import { memberPagesStep } from './member-pages';
import { membersWithListingsStep } from './members';
import { messagesStep } from './messages';
import { tradesStep } from './trades';
import { wantedStep } from './wanted';
import { DEFAULT_PICTURE_SIZE, type PictureSize } from './pictures';
import type { PictureStorage } from '../../src/server/uploads/storage';

// The demo seed is a list of steps run in order. A later feature adds its own demo data by
// writing a step in scripts/demo/<feature>.ts and appending it to `seedSteps` below. Each
// step must be idempotent on its own (skip what exists, e.g. by a fixed subject or title)
// and SIGKILL-safe (one transaction per whole unit of demo data).

export type SeedContext = {
  /** Where pictures are stored (UPLOAD_DIR or the S3 bucket, as the app stores them). */
  pictures: PictureStorage;
  pictureSize: PictureSize;
  /** One line of progress for the operator. */
  log: (line: string) => void;
  /** The seed's "now": demo dates are set back from it. */
  now: Date;
  /** Every manufacturer in the database, by id. */
  manufacturers: Manufacturer[];
  /** Every demo member by e-mail as written in members.ts, filled by the members step. */
  members: Map<string, User>;
};

export type SeedStep = {
  name: string;
  run(db: Db, ctx: SeedContext): Promise<void>;
};

export const seedSteps: SeedStep[] = [
  membersWithListingsStep,
  messagesStep,
  tradesStep,
  memberPagesStep,
  adminStep,
  communityStep,
  wantedStep,
];

export type SeedOptions = {
  pictures: PictureStorage;
  /** Smaller pictures make tests fast; the default suits the app's 1600 px images. */
  pictureSize?: PictureSize;
  log?: (line: string) => void;
  steps?: SeedStep[];
};

export async function runSeed(db: Db, options: SeedOptions): Promise<SeedContext> {
  const ctx: SeedContext = {
    pictures: options.pictures,
    pictureSize: options.pictureSize ?? DEFAULT_PICTURE_SIZE,
    log: options.log ?? (() => {}),
    now: new Date(),
    manufacturers: await db.select().from(manufacturers).orderBy(asc(manufacturers.id)),
    members: new Map(),
  };
  for (const step of options.steps ?? seedSteps) await step.run(db, ctx);
  return ctx;
}
