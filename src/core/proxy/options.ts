// The proxy's flags, shared by serve, run and replay, and the choices that follow from them.
import { DEFAULT_RULE, type RuleOptions } from './rule';
import { UserError } from '../userError';

export interface ProxyOptions extends RuleOptions {
  threshold: number;
  threshold1m: number;
  calibrate: boolean;
  /** Log what would change and forward everything unchanged. */
  shadow: boolean;
  /** Refuse instead of failing open (see README). */
  strict: boolean;
  port: number;
  bind: string;
  upstream: string;
  /** JSON lines of sizes and counts; serve defaults to stderr, run to a file in the state folder. */
  log: string | null;
  json: boolean;
}

export const DEFAULT_PORT = 8260;
export const DEFAULT_UPSTREAM = 'https://api.anthropic.com';

export const DEFAULTS: ProxyOptions = {
  ...DEFAULT_RULE, threshold: 128_000, threshold1m: 256_000, calibrate: true, shadow: false, strict: false,
  port: DEFAULT_PORT, bind: '127.0.0.1', upstream: DEFAULT_UPSTREAM, log: null, json: false,
};

const INTS: Record<string, [keyof ProxyOptions, number, number]> = {
  '--threshold': ['threshold', 1, 1e9],
  '--threshold-1m': ['threshold1m', 1, 1e9],
  '--keep-recent': ['keepRecent', 1, 1000],
  '--keep-tail-percent': ['keepTailPercent', 0, 60],
  '--result-max-chars': ['resultMaxChars', 0, 1e9],
  '--carry-max-chars': ['carryMaxChars', 0, 1e9],
  '--port': ['port', 0, 65535],
};

/** Parses the flags up to `--` (or the end); positional arguments are returned in `rest`. */
export function parseProxyFlags(args: string[], base: ProxyOptions = DEFAULTS): { opts: ProxyOptions; rest: string[]; after: string[] } {
  const opts: ProxyOptions = { ...base };
  const rest: string[] = [];
  let i = 0;
  const value = (flag: string, inline: string | undefined): string => {
    if (inline !== undefined) return inline;
    const v = args[++i];
    if (v === undefined) throw new UserError(`${flag} needs a value`);
    return v;
  };
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return { opts: check(opts), rest, after: args.slice(i + 1) };
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    // Own keys only: `constructor` or `toString` is a word, not a flag found on Object's prototype.
    const int = Object.prototype.hasOwnProperty.call(INTS, flag) ? INTS[flag] : undefined;
    if (int) {
      const raw = value(flag, inline);
      const n = Number(raw.replace(/_/g, ''));
      if (!Number.isInteger(n) || n < int[1] || n > int[2]) throw new UserError(`${flag} must be a whole number from ${int[1]} to ${int[2]} (got '${raw}')`);
      (opts as unknown as Record<string, number>)[int[0]] = n;
    } else if (flag === '--no-calibrate') opts.calibrate = false;
    else if (flag === '--shadow') opts.shadow = true;
    else if (flag === '--strict') opts.strict = true;
    else if (flag === '--json') opts.json = true;
    else if (flag === '--upstream') opts.upstream = value(flag, inline);
    else if (flag === '--bind') opts.bind = value(flag, inline);
    else if (flag === '--log') opts.log = value(flag, inline);
    else if (flag.startsWith('--')) throw new UserError(`unknown flag ${flag}`);
    else rest.push(a);
  }
  return { opts: check(opts), rest, after: [] };
}

function check(o: ProxyOptions): ProxyOptions {
  if (!isLoopbackName(o.bind)) throw new UserError(`--bind ${o.bind}: the proxy listens on loopback only (127.0.0.1, ::1 or localhost)`);
  let u: URL;
  try {
    u = new URL(o.upstream);
  } catch {
    throw new UserError(`--upstream ${o.upstream} is not a URL`);
  }
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && isLoopbackName(u.hostname))) {
    throw new UserError('--upstream must be https:// (plain http:// only to a loopback address), since requests carry credentials');
  }
  if (u.username || u.password) throw new UserError('--upstream must not hold credentials');
  return o;
}

/** Loopback names and addresses: 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackName(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** The hostname of a Host header ("127.0.0.1:8260", "[::1]:8260"). */
export function hostHeaderName(host: string | undefined): string {
  if (!host) return '';
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const i = host.lastIndexOf(':');
  return i >= 0 ? host.slice(0, i) : host;
}

/** True when an anthropic-beta header value declares a 1M-token window (never read from the model). */
export function declares1m(beta: string | string[] | undefined): boolean {
  const all = Array.isArray(beta) ? beta.join(',') : beta ?? '';
  return all.split(',').some((t) => t.trim().toLowerCase().startsWith('context-1m'));
}

/** The request's threshold before calibration: --threshold-1m for 1M windows, never below --threshold. */
export function windowThreshold(o: Pick<ProxyOptions, 'threshold' | 'threshold1m'>, is1m: boolean): number {
  return is1m ? Math.max(o.threshold1m, o.threshold) : o.threshold;
}
