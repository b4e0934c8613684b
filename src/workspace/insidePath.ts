// A path as the meter shows or stores it: relative to the folder it lies in, absolute when it lies
// outside, so a goal, a guard's refusal and a picker name a path the way the person would type it.
import { isAbsolute, relative, sep } from 'node:path';

/** `abs` relative to `dir` when it lies below it; null for `dir` itself and for a path outside it. */
export function relativeInside(dir: string, abs: string): string | null {
  const rel = relative(dir, abs);
  // `..` or `../x` leaves the folder; a file named `..x` does not. Another drive stays absolute.
  if (!rel || rel === '..' || rel.startsWith('..' + sep) || isAbsolute(rel)) return null;
  return rel;
}

/** Relative to `dir` inside it; as given otherwise (the folder itself too). */
export function relativeIfInside(dir: string, abs: string): string {
  return relativeInside(dir, abs) ?? abs;
}
