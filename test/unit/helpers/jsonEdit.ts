// Damages one value deep inside parsed JSON, for tests of state files that parse but have the
// wrong shape. `undefined` removes the key.
export type JsonPath = Array<string | number>;

export function setAt(json: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...JsonPath];
  const node = (json !== null && typeof json === 'object' ? json : {}) as Record<string | number, unknown>;
  const next = setAt(node[head], rest, value);
  if (next === undefined) delete node[head];
  else node[head] = next;
  return node;
}
