// The seal's snapshot: for each proof, the files it depends on; for each file read while finding
// them, its size, times and digest, and the content of the small ones (the classifier diffs those).
// Folders listed while finding them are kept with their times: a file added to a folder a runner
// globs changes what the proof selects, and a later check that sees no file or folder move can
// skip the whole comparison.
import { z } from 'zod';

/** Content is kept for files up to this size; larger ones are compared by digest only. */
export const CONTENT_LIMIT = 64 * 1024;

export const roleSchema = z.enum(['entry', 'manifest', 'makefile', 'test', 'test-support', 'test-helper', 'runner-bin', 'package-config', 'runner-config', 'lint-config', 'type-config', 'ci']);

export const depRefSchema = z.object({
  path: z.string(),
  role: roleSchema,
  parts: z.array(z.string()).nullable(),
  via: z.string(),
});

export const proofDepsSchema = z.object({
  proof: z.string(),
  deps: z.array(depRefSchema),
  unresolved: z.array(z.string()),
  /** Absent in a snapshot taken before the seal kept the toolchain. */
  toolchain: z.array(depRefSchema).optional(),
});

export const fileFactsSchema = z.object({
  path: z.string(),
  exists: z.boolean(),
  size: z.number(),
  mtimeMs: z.number(),
  ctimeMs: z.number(),
  /** Null for a file that is absent, or only watched (read to decide the list, not a dependency). */
  sha256: z.string().nullable(),
  /** The text, for a dependency up to CONTENT_LIMIT that is text; else null. */
  content: z.string().nullable(),
});

export const dirFactsSchema = z.object({
  path: z.string(),
  exists: z.boolean(),
  mtimeMs: z.number(),
  ctimeMs: z.number(),
  /** A digest of its entries' names, to tell a folder whose times did not move (see takenAtMs) apart. */
  names: z.string(),
});

export const sealSnapshotSchema = z.object({
  version: z.literal(1),
  /**
   * When it was taken (ms since the epoch). File times come from a coarse clock, so a file written
   * in the same tick as the snapshot can change again without its times moving: entries whose
   * ctime is this close to the snapshot are read again by a check, like git's racily clean files.
   */
  takenAtMs: z.number(),
  proofs: z.array(proofDepsSchema),
  gates: z.array(depRefSchema),
  files: z.array(fileFactsSchema),
  dirs: z.array(dirFactsSchema),
});

export type FileFacts = z.infer<typeof fileFactsSchema>;
export type DirFacts = z.infer<typeof dirFactsSchema>;
export type SealSnapshot = z.infer<typeof sealSnapshotSchema>;
