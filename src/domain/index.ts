// Everything the server and the client share.
export * from './enums';
export * from './constants';
export * from './fields';
export * from './auth';
export * from './profile';
export * from './listings';
export * from './messages';
export * from './trades';
export * from './community';
export * from './admin';
export * from './points';
export * from './errors';
