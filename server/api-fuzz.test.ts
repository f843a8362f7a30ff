/**
 * Property-based fuzzing of the whole API: every route the app registers (found at run time,
 * so new routes are covered as soon as they exist) receives at least FUZZ_RUNS generated bad
 * requests from a caller its declared access lets in, so that the body is really parsed: wrong
 * types, missing and extra fields, huge strings, deep objects, nulls, unicode, prototype
 * pollution keys, SQL and HTML payloads, numbers out of range, bad ids in the path and bad query
 * strings. Whatever comes in, the API never answers 5xx, every refusal is `{ message }`, and a
 * refused request writes no row in any table.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createAsset, createProperty, createPropertyRequest } from '#seed/factories.ts';
import type { UserRole } from '#lib/account.ts';
import { describeReplay, withPropertySeed } from '#test/property-seed.ts';
import type { Access, DeclaredRoute } from './plugins/access.ts';
import { createSession, createSignedInUser, createTestApp, type TestApp } from './testing.ts';

/** Generated requests per route with a body (the writes), and per read (GET) route. */
const FUZZ_RUNS = 200;
const FUZZ_RUNS_PER_READ = 100;
const FUZZED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

type Caller = 'anonymous' | 'buyer' | 'seller' | 'admin';
const CALLER_ROLES: Record<Exclude<Caller, 'anonymous'>, UserRole> = {
  buyer: 'buyer',
  seller: 'seller',
  admin: 'admin',
};

/** Who may call a route with the given access (the seller owns every owned fixture). */
function allowedCallers(access: Access): Caller[] {
  if (access === 'public') return ['anonymous', 'buyer', 'seller', 'admin'];
  if (access === 'signed-in') return ['buyer', 'seller', 'admin'];
  if (access === 'admin') return ['admin'];
  return ['seller', 'admin'];
}

/** Every table of the database but the system's, by qualified name. */
async function listTables(database: DatabaseHandle): Promise<string[]> {
  const { rows } = await database.sql.executeSql(
    `select schemaname, tablename from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')
     order by 1, 2`,
  );
  return rows.map((row) => `"${String(row.schemaname)}"."${String(row.tablename)}"`);
}

/** The number of rows of every table, in one statement. */
async function countRows(database: DatabaseHandle, tables: string[]) {
  const columns = tables.map((table, index) => `(select count(*) from ${table})::int as c${index}`);
  const { rows } = await database.sql.executeSql(`select ${columns.join(', ')}`);
  const row = rows[0]!;
  return new Map(tables.map((table, index) => [table, Number(row[`c${index}`])]));
}

/**
 * The next transaction id: it moves only when a transaction writes (or tries to), so an
 * unchanged value proves that nothing was written without counting every table.
 */
async function nextTransactionId(database: DatabaseHandle): Promise<string> {
  const { rows } = await database.sql.executeSql(
    `select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
  );
  return String(rows[0]!.xmax);
}

const SQL_AND_HTML = [
  "' OR '1'='1",
  "1' OR 1=1 --",
  "'; drop table users; --",
  '1) union select password_hash from users --',
  "' AND pg_sleep(5) --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '🏠🇷🇼 Kigali',
  'ﷺ‮evil',
  ' ',
  '',
];

/** Values a real client might send, so that some bodies get past the schema into the service. */
const PLAUSIBLE = [
  'House',
  'Car',
  'Rent',
  'Sale',
  'Gasabo',
  'Kimironko',
  'Kicukiro, Kigali',
  'admin',
  'buyer',
  'seller',
  'guest',
  'a@b.rw',
  'someone@example.rw',
  'Passw0rd-long-enough',
  '0788123456',
  '2024-01-01',
  '2099-12-31T00:00:00Z',
  'true',
  'false',
  '1',
  'instant',
  'daily',
  'month',
];

const NUMBERS = [0, -1, 1, 0.5, -0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e21, 1e308, -1e308];

function scalarArbitrary(ids: string[]) {
  return fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.constantFrom(...NUMBERS),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom(...SQL_AND_HTML),
    fc.constantFrom(...PLAUSIBLE),
    fc.constantFrom(...ids),
    // Huge strings: beyond every text limit, and beyond what a database index holds.
    fc.integer({ min: 3_000, max: 20_000 }).map((length) => 'x'.repeat(length)),
  );
}

function valueArbitrary(ids: string[]) {
  const scalar = scalarArbitrary(ids);
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** A JSON object text built member by member, so that keys like `__proto__` stay members. */
function objectText(members: [string, unknown][]): string {
  return `{${members.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

const POLLUTION = [
  ['__proto__', { role: 'admin', isAdmin: true, polluted: 1 }],
  ['constructor', { prototype: { role: 'admin', polluted: 1 } }],
  ['prototype', { polluted: 1 }],
] as const;

type BadBody = { payload: string; contentType: string };

/** Bad request bodies for a route whose known fields are `fields`. */
function bodyArbitrary(fields: string[], ids: string[]): fc.Arbitrary<BadBody> {
  const value = valueArbitrary(ids);
  const members = fc
    .tuple(
      fc
        .subarray(fields)
        .chain((present) =>
          fc
            .tuple(...present.map(() => value))
            .map((values) =>
              present.map((field, index) => [field, values[index]] as [string, unknown]),
            ),
        ),
      fc.array(fc.tuple(fc.string({ maxLength: 12 }), value), { maxLength: 3 }),
      fc.subarray([...POLLUTION], { maxLength: 1 }),
    )
    .map(([known, extra, pollution]) => [...pollution, ...known, ...extra] as [string, unknown][]);
  const json = (payload: string): BadBody => ({ payload, contentType: 'application/json' });
  return fc.oneof(
    { weight: 10, arbitrary: members.map((list) => json(objectText(list))) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => json(JSON.stringify(v))) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom('{', '{"a":', 'nul', '', '[1,2', "{'a':1}", '{"a":1}}', '\u0000'),
          fc.string({ maxLength: 40 }),
        )
        .map(json),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=fuzz',
            'multipart/form-data',
            'application/xml',
          ),
          members,
        )
        .map(([contentType, list]) => ({
          contentType,
          payload: contentType.startsWith('multipart')
            ? list
                .map(
                  ([key, v]) =>
                    `--fuzz\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`,
                )
                .join('')
            : objectText(list),
        })),
    },
  );
}

/** Percent-encodes a text, its lone surrogates (which no URL can hold) made U+FFFD. */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udfff]/gu, '\ufffd'));
}

/** A path segment: a real id (so the handler runs), an unknown one, or something not an id. */
function segmentArbitrary(ids: string[]) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom('house', 'car', 'properties', 'assets') },
    {
      weight: 3,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...SQL_AND_HTML.filter(Boolean)),
          fc.string({ minLength: 1, maxLength: 20 }),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
          fc.constantFrom(
            '0',
            '-1',
            '1e999',
            'null',
            'undefined',
            '00000000-0000-0000-0000-00000000000',
          ),
          fc.integer({ min: 300, max: 5_000 }).map((length) => 'a'.repeat(length)),
        )
        .map(encode),
    },
  );
}

/** A query string: known parameters and others, with bad or repeated values, or raw garbage. */
function queryArbitrary(names: string[], ids: string[]) {
  const value = fc.oneof(
    scalarArbitrary(ids).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
    fc.constant(''),
  );
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...names, 'page'), fc.string({ maxLength: 10 })),
    value,
  );
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .array(pair, { maxLength: 6 })
        .map((pairs) => pairs.map(([key, v]) => `${encode(key)}=${encode(v)}`).join('&')),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%E0%A4%A',
        '%',
        'a[b][c]=1&a=2',
        '__proto__[polluted]=1',
        'constructor[prototype][polluted]=1',
        'page=1&page=2',
        '&&&==',
      ),
    },
  );
}

type Plan = {
  route: DeclaredRoute;
  /** Whether the handler reads a form (multipart or JSON) rather than a declared JSON body. */
  isForm: boolean;
  bodyFields: string[];
  queryNames: string[];
};

type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
  description?: string;
};

/** What the OpenAPI document says a route reads: its body fields and query parameters. */
function planOf(route: DeclaredRoute, document: { paths?: object }): Plan {
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const paths = (document.paths ?? {}) as Record<string, Record<string, OpenApiOperation>>;
  const operation = paths[path]?.[route.method.toLowerCase()];
  const content = operation?.requestBody?.content ?? {};
  const schemaFields = Object.values(content).flatMap((media) =>
    Object.keys(media.schema?.properties ?? {}),
  );
  // Form routes (multipart or JSON, read by their handler) list their fields in the description.
  const described = /Fields: ([^.]+)\./.exec(operation?.description ?? '')?.[1]?.split(', ') ?? [];
  return {
    route,
    isForm: described.length > 0,
    bodyFields: [...new Set([...schemaFields, ...described])],
    queryNames: (operation?.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => parameter.name),
  };
}

type FuzzRequest = {
  caller: Caller;
  url: string;
  body: BadBody | null;
};

function requestArbitrary(plan: Plan, ids: string[]): fc.Arbitrary<FuzzRequest> {
  const { route } = plan;
  const params = route.url.match(/:\w+|\*/g) ?? [];
  const hasBody = route.method !== 'GET';
  return fc
    .record({
      caller: fc.constantFrom(...allowedCallers(route.access)),
      segments: fc.tuple(...params.map(() => segmentArbitrary(ids))),
      query: fc.oneof(
        { weight: route.method === 'GET' ? 4 : 1, arbitrary: queryArbitrary(plan.queryNames, ids) },
        { weight: 1, arbitrary: fc.constant('') },
      ),
      body: hasBody ? bodyArbitrary(plan.bodyFields, ids) : fc.constant(null),
    })
    .map(({ caller, segments, query, body }) => {
      let index = 0;
      const path = route.url.replace(/:\w+|\*/g, () => segments[index++]!);
      return { caller, url: query ? `${path}?${query}` : path, body };
    });
}

const runsFor = (route: DeclaredRoute) => (route.method === 'GET' ? FUZZ_RUNS_PER_READ : FUZZ_RUNS);

let test: TestApp;
const callerIds = new Map<Caller, string>();
let ids: string[] = [];
let tables: string[] = [];

/** What the server logged as errors since the last request: why a 5xx happened. */
let loggedErrors: string[] = [];

beforeAll(async () => {
  test = await createTestApp({
    logger: {
      level: 'error',
      stream: {
        write: (line: string) => {
          loggedErrors.push(line);
        },
      },
    },
  });
  for (const [caller, role] of Object.entries(CALLER_ROLES)) {
    const { user } = await createSignedInUser(test.database, { role });
    callerIds.set(caller as Caller, user.id);
  }
  const db = test.database.db;
  const owner = callerIds.get('seller')!;
  const { user: victim } = await createSignedInUser(test.database, { role: 'buyer' });
  const property = await createProperty(db, owner);
  const pending = await createProperty(db, owner, { moderation: 'Pending' });
  const asset = await createAsset(db, owner);
  const request = await createPropertyRequest(db, owner);
  ids = [victim.id, property.id, pending.id, asset.id, request.id];
  tables = await listTables(test.database);
});

afterAll(async () => {
  await test?.close();
});

async function tokensFor(): Promise<Map<Caller, string>> {
  const tokens = new Map<Caller, string>();
  for (const caller of Object.keys(CALLER_ROLES) as Caller[]) {
    tokens.set(caller, await createSession(test.database, callerIds.get(caller)!));
  }
  return tokens;
}

function send(request: FuzzRequest, route: DeclaredRoute, tokens: Map<Caller, string>) {
  const token = tokens.get(request.caller);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (request.body) headers['content-type'] = request.body.contentType;
  return test.app.inject({
    method: route.method as 'POST',
    url: request.url,
    headers,
    ...(request.body ? { payload: request.body.payload } : {}),
  });
}

/** Turns maintenance mode back off if a fuzzed settings save turned it on. */
async function endMaintenance(adminToken: string) {
  const settings = test.app.services.settings;
  if (!(await settings.isMaintenanceOn())) return;
  const admin = (await test.app.services.accounts.getViewer(adminToken))!;
  const current = await settings.getPlatformSettings();
  await settings.updatePlatformSettings({ ...current, maintenanceMode: false }, admin);
}

function describeFailure(route: DeclaredRoute, request: FuzzRequest, problem: string) {
  const body = request.body
    ? ` ${request.body.contentType} ${request.body.payload.slice(0, 300)}`
    : '';
  return `${route.method} ${request.url.slice(0, 300)} as ${request.caller}:${body}\n  ${problem}`;
}

function problemWith(response: LightMyRequestResponse, errors: string[]): string | null {
  if (response.statusCode >= 500) {
    const why = errors.map((line) => line.slice(0, 1_500)).join('\n  ');
    return `answered ${response.statusCode} ${response.body.slice(0, 200)}\n  ${why}`;
  }
  if (response.statusCode >= 400) {
    let message: unknown;
    try {
      message = (response.json() as { message?: unknown }).message;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'string' || message === '') {
      return `answered ${response.statusCode} without a JSON message: ${response.body.slice(0, 200)}`;
    }
  }
  return null;
}

describe('bugs the fuzzing found', () => {
  // A multipart body cut short, or without its boundary, was a 500 on every form route.
  it('answers 400 naming the body to a broken multipart form on every form route', async () => {
    const document = test.app.swagger() as { paths?: object };
    const formRoutes = test.app.declaredRoutes
      .filter((route) => FUZZED_METHODS.has(route.method) && route.method !== 'GET')
      .filter((route) => planOf(route, document).isForm);
    expect(formRoutes.length).toBeGreaterThanOrEqual(4);
    const tokens = await tokensFor();
    for (const route of formRoutes) {
      const caller = allowedCallers(route.access).at(-1)!;
      for (const body of [
        {
          contentType: 'multipart/form-data; boundary=cut',
          payload: '--cut\r\nContent-Disposition: form-data; name="title"\r\n\r\nHouse',
        },
        { contentType: 'multipart/form-data', payload: 'title=House' },
      ]) {
        const response = await send(
          { caller, url: route.url.replace(/:\w+/g, ids[1]!), body },
          route,
          tokens,
        );
        expect({ route: route.url, status: response.statusCode, body: response.json() }).toEqual({
          route: route.url,
          status: 400,
          body: {
            message: 'body: must be a complete multipart form',
            issues: [{ field: 'body', message: 'must be a complete multipart form' }],
          },
        });
      }
    }
  });
});

describe('the API under generated bad requests', () => {
  it('never answers 5xx, always explains a refusal, and writes nothing it refuses', async () => {
    const document = test.app.swagger() as { paths?: object };
    const plans = test.app.declaredRoutes
      .filter((route) => FUZZED_METHODS.has(route.method))
      .map((route) => planOf(route, document));
    const failures: string[] = [];
    let sent = 0;
    for (const plan of plans) {
      const tokens = await tokensFor();
      let counts = await countRows(test.database, tables);
      let xid = await nextTransactionId(test.database);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(plan, ids), async (request) => {
          loggedErrors = [];
          const response = await send(request, plan.route, tokens);
          sent += 1;
          const problem = problemWith(response, loggedErrors);
          if (problem) failures.push(describeFailure(plan.route, request, problem));
          const polluted = (Object.prototype as Record<string, unknown>).polluted;
          if (polluted !== undefined) {
            failures.push(describeFailure(plan.route, request, 'polluted Object.prototype'));
            delete (Object.prototype as Record<string, unknown>).polluted;
          }
          const nextXid = await nextTransactionId(test.database);
          if (nextXid === xid) return;
          xid = nextXid;
          const after = await countRows(test.database, tables);
          if (response.statusCode >= 400) {
            const written = [...after].filter(([table, count]) => counts.get(table) !== count);
            if (written.length > 0) {
              const changes = written.map(
                ([table, count]) => `${table} ${counts.get(table)} -> ${count}`,
              );
              failures.push(
                describeFailure(plan.route, request, `refused, yet wrote: ${changes.join(', ')}`),
              );
            }
          }
          counts = after;
        }),
        withPropertySeed({ numRuns: runsFor(plan.route), endOnFailure: true }),
      );
      await endMaintenance(tokens.get('admin')!);
      // Stop early when a route is badly broken: the first failures say enough.
      if (failures.length > 50) break;
    }
    // The property records failures rather than throwing, so this says how to replay them.
    expect(failures, describeReplay()).toEqual([]);
    expect(plans.length).toBeGreaterThan(40);
    expect(sent).toBe(plans.reduce((sum, plan) => sum + runsFor(plan.route), 0));
  }, 600_000);
});
