/**
 * Confines file tools to a configured root: relative and absolute paths, `..` segments and
 * symbolic links are resolved first, and anything that lands outside the root is refused.
 */
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Thrown when a path resolves outside the root (the model sees its message). */
export class PathOutsideRootError extends Error {
  constructor(readonly requested: string) {
    super(`path '${requested}' is outside the allowed root`);
  }
}

/** Resolves `requested` under `root`, following symlinks; throws when the result escapes the root. */
export async function resolveInRoot(root: string, requested: string): Promise<string> {
  const realRoot = await realpath(root);
  const lexical = resolve(realRoot, requested);
  if (!isInside(realRoot, lexical)) throw new PathOutsideRootError(requested);
  let real: string;
  try {
    real = await realpath(lexical);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(`no such file or directory: '${requested}'`, { cause: err });
    throw err;
  }
  if (!isInside(realRoot, real)) throw new PathOutsideRootError(requested);
  return real;
}

/** The path of `absolute` relative to `root`, with `/` separators (for output). */
export function displayPath(root: string, absolute: string): string {
  return relative(root, absolute).split(sep).join('/') || '.';
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
