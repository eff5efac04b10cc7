// The whole database schema: drizzle-kit reads this file (drizzle.config.ts), and the app
// passes `import * as schema from './schema'` to drizzle() for db.query.* and row types.
export * from './users';
export * from './listings';
export * from './messages';
export * from './message-notices';
export * from './trades';
export * from './community';
export * from './admin';
export * from './rate-limits';
export * from './uploads';
export * from './mail';
export * from './wanted';
export * from './relations';
