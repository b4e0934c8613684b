// Whether the status line shows its context segment (statuslineContext.ts): apart from the segment's
// code, so that a status line without it does not load the context scan.
export const CONTEXT_ENV = 'PROOFMETER_STATUSLINE_CONTEXT';

export function contextWanted(args: string[], env: NodeJS.ProcessEnv): boolean {
  if (args.includes('--context')) return true;
  const v = env[CONTEXT_ENV];
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}
