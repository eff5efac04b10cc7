// Types for scripts/bundle-size-lib.mjs, so TypeScript tests can call it.
export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}
export interface ChunkSize extends FileSize {
  key: string;
  kind: 'entry' | 'lazy' | 'shared' | 'css';
}
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export interface LandingMeasurement {
  files: FileSize[];
  raw: number;
  gzip: number;
  limit: number;
  withinBudget: boolean;
}

export const LANDING_JS_LIMIT_GZIP: number;
export const LANDING_LAZY_MODULES: string[];
export const DEFAULT_DIST_DIR: string;
export function readManifest(distDir?: string): Manifest;
export function fileSize(distDir: string, file: string): FileSize;
export function chunkSizes(options?: { distDir?: string; manifest?: Manifest }): ChunkSize[];
export function entryKey(manifest: Manifest): string;
export function staticClosure(manifest: Manifest, key: string, files?: Set<string>): Set<string>;
export function measureLandingJs(options?: {
  distDir?: string;
  manifest?: Manifest;
  lazyModules?: string[];
  limit?: number;
}): LandingMeasurement;
export function formatKb(bytes: number): string;
