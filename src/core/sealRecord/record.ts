// The seal: what the gate depended on when the person froze the goal, so that a change made
// outside the meter (by a script, a `git stash`, an editor) is noticed on the next hook call or
// tally. Kept twice, in the workspace and in the user's state folder, so a copy that disappears or
// changes on one side is noticed from the other (src/workspace/sealRecord/).
//
// Parts, each retaken only by the action that may change it: `goal` and `content` by a freeze,
// `meter` and `settings` by install and uninstall, everything by `proofmeter doctor --reseal`.
// `content` (the proofs' dependencies and the test inventory, CI files, HEAD) is compared by the
// content analysis (src/core/seal/classify.ts) at every tally; the hook check covers the rest.
import { z } from 'zod';
import { settingsFileStateSchema } from '../install/settingsFileState';
import { remotesAtFreezeSchema } from '../tally/gitFacts';

export const SEAL_VERSION = 1;

export const gitAtFreezeSchema = z.object({
  remotes: remotesAtFreezeSchema,
  /** Each ignore file outside the tree as it was: its text when small, else its digest only. */
  excludes: z.array(z.object({ path: z.string(), sha256: z.string(), text: z.string().nullable() })),
});
export type GitAtFreeze = z.infer<typeof gitAtFreezeSchema>;

/** The stat fields a cheap check compares: a file whose stat did not move is not read again. */
export const statSchema = z.object({
  size: z.number(),
  mtimeMs: z.number(),
  // Set by the kernel on every write, rename or utime: a script cannot set it back.
  ctimeMs: z.number(),
  ino: z.number(),
});
export type FileStat = z.infer<typeof statSchema>;

export const fileSealSchema = z.object({
  /** Relative to the workspace for its own files, absolute otherwise. */
  path: z.string(),
  stat: statSchema,
  sha256: z.string(),
  /** The text itself, for small files (see SMALL_FILE_BYTES), so a view can show what changed. */
  text: z.string().nullable(),
});
export type FileSeal = z.infer<typeof fileSealSchema>;

/** Files up to this size are kept whole in the seal; larger ones by digest only. */
export const SMALL_FILE_BYTES = 16 * 1024;

/** A goal file up to this size is kept whole, so a missing or changed goal can still be counted and restored. */
export const GOAL_TEXT_BYTES = 512 * 1024;

export const SETTINGS_LEVELS = ['user', 'project', 'local', 'managed'] as const;
export type SettingsLevel = (typeof SETTINGS_LEVELS)[number];

export const meterEntrySchema = z.object({
  event: z.string(),
  matcher: z.string().nullable(),
  command: z.string(),
  timeout: z.number().nullable(),
});

/**
 * What in one settings file arms or disarms the meter. Env values are kept as digests: settings
 * env often holds secrets, and a change needs only a comparison.
 */
export const armingSchema = z.object({
  entries: z.array(meterEntrySchema),
  /** The meter's statusLine command, when that file's statusLine runs the meter. */
  statusLine: z.string().nullable(),
  /** JSON text of the values as found (absent: "null"). */
  disableAllHooks: z.string(),
  allowManagedHooksOnly: z.string(),
  env: z.record(z.string(), z.string()),
  /**
   * Digest of the other hooks on Stop and SubagentStop: any of them answering `continue: false`
   * ends the turn ahead of the meter's block (Claude Code 2.1.332 checks preventContinuation first).
   */
  stopHooks: z.string(),
  /**
   * The file's `sandbox` and `permissions` objects, a digest (canonical JSON) per top-level key, so
   * a finding can name `sandbox.enabled` or `permissions.deny`; null when the file has none. They
   * keep the agent's shell and tools off the meter's files (install writes them). Optional: a seal
   * taken before they were kept has neither, and a part it does not record is not compared, so
   * upgrading is no finding; install, uninstall and `doctor --reseal` record them.
   */
  sandbox: z.record(z.string(), z.string()).nullable().optional(),
  permissions: z.record(z.string(), z.string()).nullable().optional(),
});
export type Arming = z.infer<typeof armingSchema>;

export const settingsSealSchema = z.object({
  level: z.enum(SETTINGS_LEVELS),
  path: z.string(),
  /** null: the file did not exist. */
  stat: statSchema.nullable(),
  state: settingsFileStateSchema,
  arming: armingSchema,
});
export type SettingsSeal = z.infer<typeof settingsSealSchema>;

export const nodeSealSchema = z.object({
  /** The absolute node the meter's hook entries run, recorded at install (process.execPath). */
  path: z.string(),
  /** By stat only: hashing a 100 MB binary on every hook call is not cheap. */
  stat: statSchema.nullable(),
});

export const sealSchema = z
  .object({
    version: z.literal(SEAL_VERSION),
    /** What took or last retook the seal. */
    takenBy: z.enum(['adopt', 'approval', 'install', 'uninstall', 'reseal']),
    takenAt: z.string(),
    /** The workspace's real path when the seal was taken: the outside copy is keyed by it. */
    workspace: z.string(),
    /** goal.json as frozen; null when no goal was frozen. */
    goal: fileSealSchema.nullable(),
    meter: z.object({
      runner: fileSealSchema.nullable(),
      guard: fileSealSchema.nullable(),
      receipt: fileSealSchema.nullable(),
      /** The launcher shared entries start (hook.sh); absent from seals taken before it existed, which do not check it. */
      launcher: fileSealSchema.nullable().optional(),
      node: nodeSealSchema.nullable(),
    }),
    settings: z.array(settingsSealSchema),
    content: z.object({
      /** HEAD when the goal was frozen: the base the content analysis diffs against. */
      gitHead: z.string().nullable(),
      ci: z.array(fileSealSchema),
      /**
       * The content analysis's snapshot (src/core/seal/snapshot.ts: each proof's dependencies and the
       * test inventory they select), kept beside the seal in seal-content.json, by digest here: it
       * can be large, and the hook check reads only this file.
       */
      snapshot: z.object({ sha256: z.string(), bytes: z.number() }).nullable(),
      /**
       * What git's commit and push stages are read against (src/workspace/gitPast.ts): the remotes
       * and the branch's upstream remote at the freeze, so push asks the remote the person approved
       * and a remote removed, renamed or re-pointed after it is a finding; and the ignore files
       * outside the tree (.git/info/exclude, core.excludesFile), so a rule added to them after the
       * freeze cannot hide the session's new file. Kept here because the agent cannot rewrite the
       * seal (its outside copy and the kernel protection). Absent from seals taken before it
       * existed: nothing recorded is nothing compared.
       */
      git: gitAtFreezeSchema.optional(),
    }),
    /**
     * The acceptances.json entries (by acceptanceKey) that came with a checkout of a goal sealed on
     * another machine, kept by the person's reseal here: unwitnessed on this machine, they never
     * count, and they are no forgery. Absent when there were none; every retake carries it.
     */
    carriedAcceptances: z.array(z.string()).optional(),
  })
  .strict();
export type SealRecord = z.infer<typeof sealSchema>;

export type SealPart = 'goal' | 'meter' | 'settings' | 'content';

export type SealReason = SealRecord['takenBy'];
