import fc from 'fast-check';

/**
 * Generators of malformed input for the fuzz tests: junk path parameters, junk query strings, and
 * mutations of a valid JSON body (a field replaced by junk, removed, wrapped, repeated, or joined by a
 * '__proto__'/'constructor' key).
 */

/** encodeURIComponent, but a lone surrogate becomes its (invalid) UTF-8 bytes instead of throwing. */
export function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w.~-]/g, (c) => encodeURIComponent(c));
  }
}

/** A JSON object with an own "__proto__" key (an object literal would set the prototype instead). */
const protoObject = (): unknown => JSON.parse('{"__proto__":{"isAdmin":true,"role":"admin"},"a":1}');
const constructorObject = (): unknown => JSON.parse('{"constructor":{"prototype":{"role":"admin"}}}');

const SQLISH = [
  "' OR '1'='1",
  "1' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '1; DELETE FROM sessions',
  '1 UNION SELECT password_hash FROM users',
  "admin'--",
  '"; SELECT pg_sleep(5); --',
  "%' OR name LIKE '%",
  '\\',
  '%',
  '_',
];

const ODD_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  'C:\\Windows\\system32',
  'ñandú ÁÉÍÓÚ ü 🎉 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 家',
  '\u202e\u200b\ufeff',
  '\ud800',
  'Ω'.repeat(300),
  'x'.repeat(5000),
  ...SQLISH,
];

/** Id-like strings that are not a valid id (some are lenient spellings of a number). */
export const ID_JUNK = [
  '0',
  '-1',
  '-0',
  '1.5',
  '0.0001',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '1e21',
  '-1e-7',
  '2147483648',
  '4294967296',
  '99999999999',
  '9007199254740991',
  '9007199254740993',
  '123456789012345678901234567890',
  ' ',
  'abc',
  '1abc',
  '1,2',
  '[1]',
  '{}',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'ñ',
  '🎉',
  '١٢',
  'x'.repeat(120),
  ...SQLISH,
];

/** Sizes and pages no list should take. */
export const PAGE_JUNK = [
  '0',
  '-5',
  '201',
  '1000',
  '1000000',
  '1e9',
  '1.5',
  '99999999999999999999',
  '9007199254740993',
  '',
];

const JUNK_NUMBERS = [
  0,
  -1,
  -0,
  0.5,
  1.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1 + 1,
  2 ** 53 + 2,
  -(2 ** 53),
  5e-324,
];

/** A JSON value that should not fit where it is put. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom<unknown>(null, true, false, ...JUNK_NUMBERS, ...ODD_STRINGS) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('protoObject', 'constructorObject')
      .map((k) => (k === 'protoObject' ? protoObject() : constructorObject())),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], [null], [[[[]]]], {}, [1, 2, 3]) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 150, maxLength: 2500 }) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.maxSafeInteger()) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 6 }) },
);

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '$where',
  'id',
  'role',
  'active',
  'password_hash',
  'created_by',
  'user_id',
  '',
];

type Path = Array<string | number>;
const OPS = [
  'replace',
  'replace',
  'replace',
  'delete',
  'extraKey',
  'wrapArray',
  'wrapObject',
  'repeat',
  'stringify',
] as const;
type Op = (typeof OPS)[number];

export interface Mutation {
  pathIndex: number;
  op: Op;
  junk: unknown;
  key: string;
  times: number;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  pathIndex: fc.nat(),
  op: fc.constantFrom(...OPS),
  junk: junkValue,
  key: fc.constantFrom(...EXTRA_KEYS),
  times: fc.constantFrom(2, 201, 501, 5001),
});

function pathsOf(v: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...pathsOf(x, [...prefix, i])));
  else if (v !== null && typeof v === 'object')
    for (const k of Object.keys(v)) out.push(...pathsOf((v as Record<string, unknown>)[k], [...prefix, k]));
  return out;
}

function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Applies one mutation; `undefined` means "no body at all". */
export function mutate(root: unknown, m: Mutation): unknown {
  const paths = pathsOf(root);
  const path = paths[m.pathIndex % paths.length] as Path;
  const junk = clone(m.junk);
  const get = (p: Path) => p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], root);
  const current = get(path);
  let next: unknown;
  switch (m.op) {
    case 'replace':
      next = junk;
      break;
    case 'delete':
      next = undefined;
      break;
    case 'extraKey':
      if (current !== null && typeof current === 'object' && !Array.isArray(current)) {
        setOwn(current as Record<string, unknown>, m.key, junk);
        return root;
      }
      next = junk;
      break;
    case 'wrapArray':
      next = [current];
      break;
    case 'wrapObject':
      next = { value: current };
      break;
    case 'repeat':
      next =
        Array.isArray(current) && current.length > 0
          ? Array.from({ length: m.times }, () => clone(current[0]))
          : Array.from({ length: m.times }, () => clone(current));
      break;
    case 'stringify':
      next = JSON.stringify(current) ?? 'undefined';
      break;
  }
  if (path.length === 0) return next;
  const parent = get(path.slice(0, -1)) as Record<string | number, unknown> | unknown[];
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(parent)) {
    if (next === undefined) parent.splice(last as number, 1);
    else parent[last as number] = next;
  } else if (next === undefined) delete parent[last];
  else setOwn(parent as Record<string, unknown>, String(last), next);
  return root;
}

/** A valid body with one to three mutations, serialized (undefined when the root was deleted). */
export function mutatedBody(valid: unknown): fc.Arbitrary<{ payload: string | undefined; ops: string }> {
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => {
    let body: unknown = clone(valid);
    for (const m of ms) {
      if (body === undefined) break;
      body = mutate(body, m);
    }
    return {
      payload: body === undefined ? undefined : JSON.stringify(body),
      ops: ms.map((m) => m.op).join('+'),
    };
  });
}

/** Whole bodies of the wrong kind: other JSON values, broken JSON, wrong media types, too large. */
export const wrongBody: fc.Arbitrary<{ payload: string; contentType: string; ops: string }> = fc.oneof(
  fc
    .jsonValue({ maxDepth: 4 })
    .map((v) => ({ payload: JSON.stringify(v), contentType: 'application/json', ops: 'json-value' })),
  fc
    .constantFrom(
      '',
      '{',
      '{"a":',
      "{'a':1}",
      'undefined',
      'NaN',
      '[1,]',
      '{"a":1}{"b":2}',
      '\u0000',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '['.repeat(50_000) + ']'.repeat(50_000),
      `{"a":"${'x'.repeat(1024 * 1024 + 16)}"}`,
    )
    .map((payload) => ({ payload, contentType: 'application/json', ops: 'raw-json' })),
  fc
    .record({
      contentType: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
        'application/jsonx',
        '',
      ),
      payload: fc.constantFrom('name=x&role=admin', '{"name":"x"}', '<a>1</a>', '--x\r\n\r\n--x--'),
    })
    .map((x) => ({ ...x, ops: 'media-type' })),
);

/** A junk path parameter, URL-encoded (or one of a few raw, badly encoded ones). */
export const junkParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ID_JUNK).map(enc) },
  { weight: 2, arbitrary: fc.integer({ min: -1_000_000_000_000, max: 0 }).map(String) },
  { weight: 2, arbitrary: fc.double({ noDefaultInfinity: false }).map((d) => enc(String(d))) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }), fc.constant(2 ** 31))
      .map(String),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(enc) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2e%2e', '..', '%2F') },
);

const queryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ID_JUNK) },
  { weight: 3, arbitrary: fc.constantFrom(...PAGE_JUNK) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(201), 'ñ'.repeat(5000), 'xlsx ', 'pdf', 'CSV') },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** A junk query string for a schema with `keys` (repeated keys become arrays; odd keys too). */
export function junkQuery(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 6, arbitrary: keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('q') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__', 'constructor', 'page[$gt]', 'pageSize[]', 'q.x', ''),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 8 }) },
  );
  const pairs = fc
    .array(fc.tuple(key, queryValue), { minLength: 1, maxLength: 4 })
    .map((ps) => ps.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&'));
  const raw = fc.constantFrom(
    '%',
    'q=%zz',
    'page=%E0%A4%A',
    '&&&',
    '=',
    'pageSize',
    `q=${'y'.repeat(20_000)}`,
  );
  return fc.oneof({ weight: 8, arbitrary: pairs }, { weight: 1, arbitrary: raw });
}
