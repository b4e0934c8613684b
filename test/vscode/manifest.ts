// The extension's package.json, as far as the host tests read it: read through a shape, so a
// renamed or moved contribution fails the test that reads it instead of reading `undefined`.
import { z } from 'zod';

const command = z.object({ command: z.string(), title: z.string(), category: z.string().optional() }).passthrough();
const menuEntry = z.object({ command: z.string(), when: z.string().optional(), group: z.string().optional() }).passthrough();
const walkthroughStep = z.object({ id: z.string(), completionEvents: z.array(z.string()), media: z.object({ markdown: z.string().optional() }).passthrough() }).passthrough();

export const manifestSchema = z
  .object({
    main: z.string(),
    activationEvents: z.array(z.string()),
    capabilities: z
      .object({ untrustedWorkspaces: z.object({ supported: z.union([z.boolean(), z.literal('limited')]), restrictedConfigurations: z.array(z.string()).optional() }).passthrough() })
      .passthrough(),
    contributes: z
      .object({
        commands: z.array(command),
        configuration: z.object({ properties: z.record(z.object({ default: z.unknown(), markdownDescription: z.string().optional() }).passthrough()) }).passthrough(),
        menus: z.record(z.array(menuEntry)),
        walkthroughs: z.array(z.object({ id: z.string(), steps: z.array(walkthroughStep) }).passthrough()),
      })
      .passthrough(),
  })
  .passthrough();
export type Manifest = z.infer<typeof manifestSchema>;

/** Parses package.json's contents (an extension's packageJSON, or the file's parsed text). */
export function manifest(json: unknown): Manifest {
  return manifestSchema.parse(json);
}
