// Which provider errors say the request was too long. Only those are worth one further compaction;
// any other rejection of a rewritten request is answered by sending the client's original bytes.
const LENGTH = /prompt is too long|too many (input )?tokens|context (length|window)|maximum context|exceeds? the (model'?s? )?(maximum|limit)|input (is )?too long|request_too_large|too large/i;

export function isLengthRejection(status: number, body: string): boolean {
  if (status === 413) return true;
  if (status !== 400) return false;
  return LENGTH.test(body.slice(0, 4096));
}

/** "prompt is too long: 215000 tokens > 200000 maximum" -> 200000/215000, else null. */
export function overshoot(body: string): number | null {
  const m = /(\d[\d,]*)\s*tokens?\s*>\s*(\d[\d,]*)/i.exec(body.slice(0, 4096));
  if (!m) return null;
  const got = Number(m[1]!.replace(/,/g, ''));
  const max = Number(m[2]!.replace(/,/g, ''));
  return got > 0 && max > 0 && max < got ? max / got : null;
}

/** The threshold for the retry after a length rejection of a request sent at `estimate` tokens. */
export function retryThreshold(estimate: number, threshold: number, body: string): number {
  const ratio = overshoot(body);
  const base = Math.min(estimate, threshold);
  return Math.max(1, Math.floor(base * (ratio !== null ? ratio * 0.9 : 0.5)));
}
