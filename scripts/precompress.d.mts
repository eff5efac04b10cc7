// Types for scripts/precompress.mjs, so vite.config.ts and the tests can call it.
import type { Plugin } from 'vite';

export const COMPRESSIBLE_EXTENSIONS: Set<string>;
export interface PrecompressResult {
  file: string;
  raw: number;
  br?: number;
  gz?: number;
}
export function precompressDir(dir: string): PrecompressResult[];
export function precompressPlugin(): Plugin;
