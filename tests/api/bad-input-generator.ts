import type { FastifyInstance } from 'fastify';
import { fillPath, sampleOf, type ApiRoute, type JsonSchema } from './openapi-routes';

// The bad-input generator (issue 16 point 2, docs/decisions/0019-generated-security-tests.md):
// for one route of the API document, the requests a script, a fuzzer or a confused client
// could send (wrong types, huge and control-character strings, unicode, nested objects,
// __proto__ keys, impossible ids, missing and wrong content types, broken JSON), and the
// checker that holds every answer to the contract: never a 5xx, and every error a JSON
// body with a string `message` (docs/product/every-call.md#errors).

export type Variant = {
  name: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
};

/** Where a route's real rows are: the id a path or body id names when it should hit a row. */
export type RealIds = (route: ApiRoute, name: string) => number | undefined;

const ID_MAX = 2_147_483_647;

/** Raw JSON values put in place of one field (kept as text: `1e400`, `-0` and `__proto__` survive). */
const FIELD_VALUES: Array<[string, string]> = [
  ['null', 'null'],
  ['true', 'true'],
  ['false', 'false'],
  ['zero', '0'],
  ['negative', '-1'],
  ['float', '1.5'],
  ['minus zero', '-0'],
  ['id max', String(ID_MAX)],
  ['past id max', String(ID_MAX + 1)],
  ['past safe integer', '9007199254740993'],
  ['huge number', '99999999999999999999999999'],
  ['infinity', '1e400'],
  ['empty string', '""'],
  ['spaces', '"   "'],
  ['word', '"abc"'],
  ['numeric string', '"1"'],
  ['float string', '"1.5"'],
  ['past id max string', `"${ID_MAX + 1}"`],
  ['NaN string', '"NaN"'],
  ['NUL alone', '"\\u0000"'],
  ['NUL inside', '"Harbour\\u0000dusk"'],
  ['bell', '"ring\\u0007"'],
  ['escape sequence', '"\\u001b[2J\\u001b[31mred"'],
  ['delete', '"del\\u007f"'],
  ['C1 control', '"next\\u0085line"'],
  ['right-to-left override', '"\\u202egpj.exe"'],
  ['lone surrogate', '"\\ud800"'],
  ['emoji with joiners', '"👩‍👩‍👧 🧩"'],
  ['combining accent', '"e\\u0301te\\u0301"'],
  ['fullwidth', '"ＡＢＣ１２３"'],
  ['script tag', '"<script>alert(1)</script>"'],
  ['SQL', `"' OR '1'='1'; DROP TABLE users; --"`],
  ['path traversal', '"../../../etc/passwd"'],
  ['template', '"${7*7}{{7*7}}"'],
  ['impossible date', '"2026-02-30T25:61:00Z"'],
  ['long string', JSON.stringify('x'.repeat(10_001))],
  ['long multibyte string', JSON.stringify('é'.repeat(2_000))],
  ['huge string', JSON.stringify('a'.repeat(600_000))],
  ['empty array', '[]'],
  ['array', '[1,"two",null]'],
  ['empty object', '{}'],
  ['object', '{"a":1}'],
  ['__proto__ object', '{"__proto__":{"isAdmin":true}}'],
  ['constructor object', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['nested arrays', `${'['.repeat(200)}${']'.repeat(200)}`],
];

/** The values a field gets when an earlier field of the same schema had them all. */
const SAME_SHAPE_VALUES = [
  'null',
  'zero',
  'float',
  'word',
  'NUL inside',
  'escape sequence',
  'long string',
  'object',
  '__proto__ object',
];

/** Text put in place of a path parameter (already URL-encoded where needed). */
const PATH_VALUES: Array<[string, string]> = [
  ['zero', '0'],
  ['negative', '-1'],
  ['float', '1.5'],
  ['id max', String(ID_MAX)],
  ['past id max', String(ID_MAX + 1)],
  ['huge', '99999999999999999999'],
  ['exponent', '1e3'],
  ['hex', '0x1F'],
  ['leading zeros', '0000000001'],
  ['word', 'abc'],
  ['NaN', 'NaN'],
  ['null', 'null'],
  ['space', '%20'],
  ['leading space', '%201'],
  ['NUL', '%00'],
  ['NUL after digits', '1%00'],
  ['control', '%07%1B'],
  ['dot dot', '..'],
  ['encoded dot dot', '%2e%2e'],
  ['encoded slash', '1%2F2'],
  ['right-to-left override', '%E2%80%AE1'],
  ['emoji', '%F0%9F%A7%A9'],
  ['bad percent', '%'],
  ['bad escape', '%ZZ'],
  ['bad UTF-8', '%C0%AF'],
  ['SQL', "1'%20OR%20'1'='1"],
  ['list', '1,2'],
  ['long', '9'.repeat(120)],
  ['very long', 'a'.repeat(600)],
  ['plus sign', '%2B1'],
  ['decimal zero', '1.0'],
  ['minus zero', '-0'],
  ['arabic digit', '%D9%A1'],
  ['fullwidth digit', '%EF%BC%91'],
  ['Infinity', 'Infinity'],
  ['undefined', 'undefined'],
  ['brackets', '%5B%5D'],
  ['braces', '%7B%7D'],
  ['line feed', '1%0A'],
  ['CRLF', '1%0D%0A'],
  ['percent-u', '%u0000'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['toString', 'toString'],
  ['script', '%3Cscript%3E'],
];

const CORE_PATH_VALUES = [
  'zero',
  'negative',
  'float',
  'id max',
  'past id max',
  'huge',
  'word',
  'NUL',
  'bad percent',
  'bad UTF-8',
  'SQL',
  'very long',
  '__proto__',
];

/** Text put in place of one query parameter (the value part, URL-encoded). */
const QUERY_VALUES: Array<[string, string]> = [
  ['empty', ''],
  ['word', 'abc'],
  ['zero', '0'],
  ['negative', '-1'],
  ['float', '1.5'],
  ['past id max', String(ID_MAX + 1)],
  ['huge', '99999999999999999999'],
  ['exponent', '1e3'],
  ['NaN', 'NaN'],
  ['true', 'true'],
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['control', '%07%1B%7F'],
  ['C1 control', '%C2%85'],
  ['right-to-left override', '%E2%80%AE'],
  ['emoji', '%F0%9F%A7%A9'],
  ['bad percent', '%'],
  ['bad UTF-8', '%C0%AF'],
  ['script', '%3Cscript%3E'],
  ['SQL', "'%20OR%201%3D1--"],
  ['long', 'x'.repeat(5_000)],
  ['json', '%7B%22a%22%3A1%7D'],
  ['minus zero', '-0'],
  ['plus sign', '%2B1'],
  ['hex', '0x1F'],
  ['spaces', '%20%20'],
  ['line feed', 'a%0Ab'],
  ['lone surrogate', '%ED%A0%80'],
  ['fullwidth digit', '%EF%BC%91'],
  ['null', 'null'],
  ['__proto__', '__proto__'],
  ['date', '2026-02-30'],
  ['path traversal', '..%2F..%2Fetc'],
  ['template', '%24%7B7*7%7D'],
  ['uppercase', 'ABC'],
  ['tab', '%09'],
  ['accents', '%C3%A9t%C3%A9'],
  ['semicolon', 'a;b'],
];

const SAME_SHAPE_QUERY_VALUES = ['empty', 'word', 'negative', 'past id max', 'NUL inside', 'long'];

/** A field's kind for the values it gets: type, nullability, format, enum (lengths apart). */
function shapeOf(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  return [schema.type, schema.nullable, schema.format, schema.enum ? 'enum' : '', schema.pattern ? 'pattern' : ''].join(
    '|',
  );
}

/** One route's whole-request variants for its query string, with or without parameters of its own. */
const QUERY_POLLUTION: Array<[string, string]> = [
  ['__proto__ key', '__proto__=1'],
  ['__proto__ nested', '__proto__[isAdmin]=true'],
  ['constructor key', 'constructor[prototype][isAdmin]=true'],
  ['unknown parameter', 'unknown=1'],
  ['bracket parameter', 'a[]=1&a[]=2'],
  ['only ampersands', '&&&'],
  ['NUL name', '%00=1'],
  ['very long query', `q=${'y'.repeat(60_000)}`],
];

const JSON_TYPE = { 'content-type': 'application/json' };

/** `{raw-key: raw-value, …rest}` as text, so __proto__ stays a key and 1e400 stays a number literal. */
function withRawField(base: unknown, key: string, raw: string): string {
  const rest =
    base && typeof base === 'object' && !Array.isArray(base)
      ? JSON.stringify(Object.fromEntries(Object.entries(base).filter(([k]) => k !== key))).slice(1, -1)
      : '';
  return `{${JSON.stringify(key)}:${raw}${rest ? `,${rest}` : ''}}`;
}

/** The query string of a route's parameters, each given a value the document accepts. */
function baseQuery(route: ApiRoute): Record<string, string> {
  const query: Record<string, string> = {};
  for (const p of route.queryParams) {
    if (!p.required) continue;
    const value = sampleOf(p.schema, p.name);
    if (value !== undefined && value !== null) query[p.name] = String(value);
  }
  return query;
}

function urlOf(path: string, query: Record<string, string>, extra?: string): string {
  const parts = Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${v}`);
  if (extra !== undefined) parts.push(extra);
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/**
 * Every variant for one route: each field of the body replaced by each bad value (the rest of
 * the body valid, so the bad value is what the server meets), the body as a whole broken,
 * each path and query parameter replaced, and a polluted query string. Path ids point at real
 * rows (realIds) so a variant that passes validation reaches a handler with something to do.
 */
export function variantsFor(route: ApiRoute, realIds: RealIds): Variant[] {
  const idFor = (name: string) => realIds(route, name);
  const pathValues = Object.fromEntries(
    route.pathParams.map((p) => [p.name, idFor(p.name) ?? sampleOf(p.schema, p.name) ?? 1]),
  ) as Record<string, string | number>;
  const path = fillPath(route.path, pathValues);
  const query = baseQuery(route);
  const url = urlOf(path, query);
  const variants: Variant[] = [];
  const hasBody = route.bodyTypes.length > 0 || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);

  if (route.body) {
    const base = sampleOf(route.body, '', idFor);
    const baseText = JSON.stringify(base ?? {});
    const properties = Object.keys(route.body.properties ?? {});
    // A body without declared properties (a free-form object) still gets the values, as a field of its own.
    // Fields of one shape (a profile's address lines) meet the same kind of validator: the
    // first of each shape gets every value, the others the values most likely to differ by
    // field (a length, a NUL, a wrong type).
    const shapes = new Set<string>();
    for (const field of properties.length ? properties : ['value']) {
      const shape = shapeOf(route.body.properties?.[field]);
      const values = shapes.has(shape)
        ? FIELD_VALUES.filter(([name]) => SAME_SHAPE_VALUES.includes(name))
        : FIELD_VALUES;
      shapes.add(shape);
      for (const [name, raw] of values) {
        variants.push({
          name: `body.${field}: ${name}`,
          url,
          payload: withRawField(base, field, raw),
          headers: JSON_TYPE,
        });
      }
    }
    variants.push(
      { name: 'body: valid sample', url, payload: baseText, headers: JSON_TYPE },
      { name: 'body: required fields missing', url, payload: '{}', headers: JSON_TYPE },
      { name: 'body: unknown field', url, payload: withRawField(base, 'isAdmin', 'true'), headers: JSON_TYPE },
      {
        name: 'body: __proto__ key',
        url,
        payload: withRawField(base, '__proto__', '{"isAdmin":true}'),
        headers: JSON_TYPE,
      },
      {
        name: 'body: constructor key',
        url,
        payload: withRawField(base, 'constructor', '{"prototype":{"isAdmin":true}}'),
        headers: JSON_TYPE,
      },
      { name: 'body: duplicate keys', url, payload: baseText.replace(/^\{/, '{"a":1,"a":2,'), headers: JSON_TYPE },
      { name: 'body: as text/plain', url, payload: baseText, headers: { 'content-type': 'text/plain' } },
      {
        name: 'body: as form',
        url,
        payload: 'a=1&b=2',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      {
        name: 'body: utf-16 charset',
        url,
        payload: baseText,
        headers: { 'content-type': 'application/json; charset=utf-16' },
      },
      { name: 'body: JSON without content type', url, payload: baseText, headers: {} },
    );
  }
  if (hasBody) {
    const deep = `${'{"a":'.repeat(1_000)}1${'}'.repeat(1_000)}`;
    variants.push(
      { name: 'body: none', url, headers: {} },
      { name: 'body: empty with JSON type', url, payload: '', headers: JSON_TYPE },
      { name: 'body: invalid JSON', url, payload: '{"a":', headers: JSON_TYPE },
      { name: 'body: trailing garbage', url, payload: '{}x', headers: JSON_TYPE },
      { name: 'body: null', url, payload: 'null', headers: JSON_TYPE },
      { name: 'body: array', url, payload: '[]', headers: JSON_TYPE },
      { name: 'body: string', url, payload: '"text"', headers: JSON_TYPE },
      { name: 'body: number', url, payload: '42', headers: JSON_TYPE },
      {
        name: 'body: only __proto__',
        url,
        payload: '{"__proto__":{"__proto__":{"isAdmin":true}}}',
        headers: JSON_TYPE,
      },
      { name: 'body: deeply nested', url, payload: deep, headers: JSON_TYPE },
      { name: 'body: over the size limit', url, payload: `{"a":"${'z'.repeat(1_100_000)}"}`, headers: JSON_TYPE },
      { name: 'body: unknown media type', url, payload: '<a/>', headers: { 'content-type': 'application/xml' } },
      { name: 'body: broken media type', url, payload: '{}', headers: { 'content-type': 'application/json;;;=' } },
      {
        name: 'body: multipart without a file',
        url,
        payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
      {
        name: 'body: multipart cut short',
        url,
        payload:
          '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
      {
        name: 'body: multipart with a text file',
        url,
        payload:
          '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a picture\r\n--b--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
      {
        name: 'body: multipart without boundary',
        url,
        payload: 'x',
        headers: { 'content-type': 'multipart/form-data' },
      },
    );
  }
  // Path ids all go through one helper (idParam): a route with a body of its own gets the
  // core of the path values, a route whose path is its only input gets them all.
  const pathValueSet = route.body ? PATH_VALUES.filter(([name]) => CORE_PATH_VALUES.includes(name)) : PATH_VALUES;
  for (const param of route.pathParams) {
    for (const [name, raw] of pathValueSet) {
      variants.push({
        name: `path.${param.name}: ${name}`,
        url: urlOf(fillPath(route.path, { ...pathValues, [param.name]: raw }), query),
        headers: {},
      });
    }
  }
  const queryShapes = new Set<string>();
  for (const param of route.queryParams) {
    const shape = shapeOf(param.schema);
    const values = queryShapes.has(shape)
      ? QUERY_VALUES.filter(([name]) => SAME_SHAPE_QUERY_VALUES.includes(name))
      : QUERY_VALUES;
    queryShapes.add(shape);
    for (const [name, raw] of values) {
      variants.push({
        name: `query.${param.name}: ${name}`,
        url: urlOf(path, { ...query, [param.name]: raw }),
        headers: {},
      });
    }
    variants.push({
      name: `query.${param.name}: repeated`,
      url: urlOf(path, query, `${param.name}=1&${param.name}=2`),
      headers: {},
    });
  }
  for (const [name, raw] of QUERY_POLLUTION)
    variants.push({ name: `query: ${name}`, url: urlOf(path, query, raw), headers: {} });
  // A body the route does not take (a GET), and headers no browser sends.
  variants.push(
    { name: 'headers: JSON body on a read', url, payload: '{"a":', headers: route.method === 'GET' ? JSON_TYPE : {} },
    { name: 'headers: garbage cookie', url, headers: { cookie: 'jc_session=%%%; jc_session=' } },
    { name: 'headers: huge cookie', url, headers: { cookie: `jc_session=${'k'.repeat(8_000)}` } },
    { name: 'headers: odd accept', url, headers: { accept: 'application/xml;q=2, */*;q=-1' } },
  );
  return variants;
}

/** A broken promise of the contract: a 5xx, or an error answer without a JSON `message`. */
export type Finding = { route: string; role: string; variant: string; status: number; problem: string; body: string };

export type ProbeResult = { sent: number; statuses: Record<number, number>; findings: Finding[] };

/** What is wrong with one answer, or null. */
export function problemWith(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  if (!contentType?.startsWith('application/json'))
    return `error answer is ${contentType?.split(';')[0] ?? 'without a content type'}, not JSON`;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed?.message !== 'string' || !parsed.message) return 'error answer has no string message';
  } catch {
    return 'error answer is not valid JSON';
  }
  return null;
}

export type Caller = { role: string; cookie?: () => string };

let addressCounter = 0;
/** Each request from its own address: the per-address limits never hide what validation says. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * Sends every variant as each caller (in turn, a few at a time) and checks every answer.
 * `cookie` is read per request so a caller can rotate among members (per-member limits).
 */
export async function probe(
  app: FastifyInstance,
  route: ApiRoute,
  variants: Variant[],
  callers: Caller[],
): Promise<ProbeResult> {
  const result: ProbeResult = { sent: 0, statuses: {}, findings: [] };
  const jobs = callers.flatMap((caller) => variants.map((variant) => ({ caller, variant })));
  const IN_FLIGHT = 4;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { caller, variant } = jobs[next++]!;
      const cookie = caller.cookie?.();
      const res = await app.inject({
        method: route.method as 'GET',
        url: variant.url,
        payload: variant.payload,
        headers: { ...(cookie && !variant.headers.cookie ? { cookie } : {}), ...variant.headers },
        remoteAddress: nextAddress(),
      });
      result.sent += 1;
      result.statuses[res.statusCode] = (result.statuses[res.statusCode] ?? 0) + 1;
      const problem = problemWith(res.statusCode, res.headers['content-type'] as string | undefined, res.body);
      if (problem) {
        result.findings.push({
          route: route.key,
          role: caller.role,
          variant: variant.name,
          status: res.statusCode,
          problem,
          body: res.body.slice(0, 200),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return result;
}
