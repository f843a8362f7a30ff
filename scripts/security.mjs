// `npm run security`: starts the product on a throwaway database with the demo catalogue, then
// attacks it with sqlmap (every API route and parameter, from the live OpenAPI document) and
// wapiti (the pages), and fails unless nothing is injectable, wapiti finds no SQL, XSS, command
// or file vulnerability, and the server answered no 5xx. Slow (minutes): run by hand, not in CI.
// See docs/security.md.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { missingBuildOutputs } from './server-build.mjs';

/* global fetch */

const ROOT = path.resolve(import.meta.dirname, '..');
// Not under test-results/, which Playwright empties when it starts.
const OUT = path.resolve(process.env.SECURITY_OUT ?? path.join(ROOT, '.tmp', 'security'));
/** Seconds one sqlmap run may take before it is stopped (and reported as incomplete). */
const SQLMAP_SECONDS_PER_ROUTE = Number(process.env.SECURITY_SQLMAP_SECONDS ?? 150);
/** sqlmap runs at once (each with SQLMAP_THREADS requests in flight). */
const SQLMAP_PARALLEL = Number(process.env.SECURITY_SQLMAP_PARALLEL ?? 2);
const SQLMAP_THREADS = 2;
/**
 * Wapiti's crawl budget; each of its 7 attack modules then gets a quarter of it, so wapiti takes
 * up to about 2.75 times this.
 */
const WAPITI_SECONDS = Number(process.env.SECURITY_WAPITI_SECONDS ?? 120);
/** Wapiti findings in these categories fail the run. */
const BLOCKING_WAPITI = [/sql/i, /cross site scripting/i, /command/i, /file handling/i, /path/i];
/** Only part of the API is checked when set (a regular expression on "METHOD /path"). */
const ONLY = process.env.SECURITY_ONLY ? new RegExp(process.env.SECURITY_ONLY) : null;

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const missing = ['sqlmap', 'wapiti'].filter((command) => !has(command));
if (missing.length > 0) {
  console.error(
    `security: ${missing.join(' and ')} not found. Install them from Debian:\n` +
      '  sudo apt-get install -y sqlmap wapiti\n',
  );
  process.exit(1);
}

if (missingBuildOutputs(ROOT).length > 0) {
  console.log('No production build yet: building it first (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: ROOT });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** A port nobody listens on (or SECURITY_PORT). */
async function freePort() {
  if (process.env.SECURITY_PORT) return Number(process.env.SECURITY_PORT);
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inzu-security-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const adminEmail = 'security-admin@example.rw';
const password = `Scan-${randomBytes(9).toString('base64url')}`;
const serverLogFile = path.join(OUT, 'server.log');
const serverLog = fs.createWriteStream(serverLogFile);

console.log(`security: starting the product on ${base} (data in ${dataDir})`);
const server = spawn(process.execPath, [path.join(ROOT, 'build', 'node', 'index.js')], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: '',
    SMTP_URL: '',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'info',
    // The scanners send thousands of form posts and sign-ins: rate limits would hide answers.
    FORM_POSTS_PER_MINUTE: '100000',
    AUTH_ATTEMPTS_PER_15_MINUTES: '100000',
    LOGIN_FAILURES_PER_ADDRESS_PER_15_MINUTES: '100000',
    SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
    SEARCH_CACHE_SECONDS: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.pipe(serverLog);
server.stderr.pipe(serverLog);
let serverExited = false;
server.on('exit', () => {
  serverExited = true;
});

async function stopServer() {
  if (!serverExited) {
    server.kill('SIGTERM');
    for (let waited = 0; !serverExited && waited < 15_000; waited += 100) await sleep(100);
    if (!serverExited) server.kill('SIGKILL');
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function fail(message) {
  console.error(`security: ${message}`);
  await stopServer();
  process.exit(1);
}

/** The scanners running now, stopped with the server on Ctrl-C. */
const scanners = new Set();

// Whatever ends this process (a crash included), the server and its data go with it.
process.on('exit', () => {
  for (const child of scanners) child.kill('SIGKILL');
  if (!serverExited) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

process.on('SIGINT', () => {
  for (const child of scanners) child.kill('SIGTERM');
  void stopServer().then(() => process.exit(130));
});

for (let waited = 0; ; waited += 500) {
  if (serverExited) await fail(`the server stopped while starting; see ${serverLogFile}`);
  if (waited > 240_000) await fail('the server did not answer /healthz within 4 minutes');
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    // not listening yet
  }
  await sleep(500);
}

async function api(method, url, { token, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, json, text };
}

async function signIn(email) {
  const answer = await api('POST', '/api/login', { body: { email, password } });
  if (!answer.json?.token)
    await fail(`could not sign in as ${email}: ${answer.status} ${answer.text}`);
  return answer.json.token;
}

let signups = 0;
/** A new account of the given role, signed in: answers its session token. */
async function newAccount(role) {
  signups += 1;
  const email = `security-${role}-${signups}-${randomBytes(3).toString('hex')}@example.rw`;
  const answer = await api('POST', '/api/signup', {
    body: { username: `Scan ${role} ${signups}`, email, role, password, confirmPassword: password },
  });
  if (!answer.json?.token)
    await fail(`could not sign up a ${role}: ${answer.status} ${answer.text}`);
  return answer.json.token;
}

const adminToken = await signIn(adminEmail);
const sellerToken = await newAccount('seller');

// Real ids, so that routes about one item reach the database with them.
const firstId = (answer) => answer.json?.data?.[0]?._id ?? answer.json?.data?.[0]?.id;
const sampleIds = {
  property: firstId(await api('GET', '/api/get-properties', { token: adminToken })),
  asset: firstId(await api('GET', '/api/get-assets', { token: adminToken })),
  request: firstId(await api('GET', '/api/request-property', { token: adminToken })),
  user: (await api('GET', '/api/users?role=buyer', { token: adminToken })).json?.data?.find(
    (user) => !user.email.startsWith('security-'),
  )?._id,
};
for (const [kind, id] of Object.entries(sampleIds)) {
  if (!id) await fail(`found no demo ${kind} to use as a sample id`);
}

/** The sample id for a path parameter, from the parameter's name and the route's path. */
function sampleId(name, url) {
  if (/user/i.test(name) || /\/(user|message)\//.test(url)) return sampleIds.user;
  if (/request-property/.test(url)) return sampleIds.request;
  if (/asset/.test(url)) return sampleIds.asset;
  return sampleIds.property;
}

const NAMED_SAMPLES = {
  email: () => `scan-${randomBytes(3).toString('hex')}@example.rw`,
  password: () => password,
  confirmPassword: () => password,
  phone: () => '0788123456',
  contact: () => '0788123456',
  location: () => 'Kimironko, Kigali',
  district: () => 'Gasabo',
  sector: () => 'Kimironko',
  type: () => 'House',
  offer: () => 'Rent',
  price: () => 350000,
  bedrooms: () => 3,
  bathrooms: () => 2,
  q: () => 'Kigali',
  agree: () => true,
  // A scan must not close the site to itself.
  maintenanceMode: () => false,
};

/** A plausible value for a JSON schema, so that the request reaches the code behind it. */
function sampleFor(schema = {}, name = '', url = '') {
  if (name in NAMED_SAMPLES && !schema.enum) {
    const value = NAMED_SAMPLES[name]();
    if (schema.type === 'string' || schema.type === undefined) return String(value);
    return value;
  }
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches)
    return sampleFor(
      branches.find((branch) => branch.type !== 'null'),
      name,
      url,
    );
  const type = Array.isArray(schema.type)
    ? schema.type.find((item) => item !== 'null')
    : schema.type;
  switch (type) {
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, schema.exclusiveMinimum ?? 0, 1);
    case 'array':
      return [sampleFor(schema.items, name, url)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          sampleFor(value, key, url),
        ]),
      );
    default:
      break;
  }
  if (schema.format === 'uuid' || /id$/i.test(name)) return sampleId(name, url);
  if (schema.format === 'email') return NAMED_SAMPLES.email();
  if (schema.format === 'uri') return 'https://example.rw/page';
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
  const text = 'Kigali scan';
  return schema.minLength > text.length ? text.padEnd(schema.minLength, 'x') : text;
}

/**
 * A JSON value with sqlmap's injection marker (*) on its first scalar: inside a string, after a
 * number, boolean or null, where sqlmap swaps it for its payloads.
 */
function markedJson(value) {
  if (typeof value === 'string') return `${JSON.stringify(value).slice(0, -1)}*"`;
  if (Array.isArray(value)) {
    const [first, ...rest] = value;
    return `[${[first === undefined ? '"*"' : markedJson(first), ...rest.map((item) => JSON.stringify(item))].join(',')}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}*';
    return `{${entries
      .map(
        ([key, item], index) =>
          `${JSON.stringify(key)}:${index === 0 ? markedJson(item) : JSON.stringify(item)}`,
      )
      .join(',')}}`;
  }
  return `${JSON.stringify(value)}*`;
}

const openapi = (await api('GET', '/api/docs')).json;
if (!openapi?.paths) await fail('no OpenAPI document at /api/docs');

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
// Run the routes that remove things last, so that the others still find their sample items.
// The sign-in routes go after everything: sqlmap's thousands of failed sign-ins trip the
// per-address limit, and then no seller could sign up for the routes still to test.
const ORDER = { get: 0, post: 1, put: 2, patch: 2, delete: 3 };
const SIGN_IN_ROUTES = /^\/api\/(signup|login|forgot-password|reset-password)/;

const targets = [];
for (const [openapiPath, operations] of Object.entries(openapi.paths)) {
  for (const method of METHODS) {
    const operation = operations[method];
    if (!operation) continue;
    const url = openapiPath.replace(/\{(\w+)\}/g, ':$1');
    const label = `${method.toUpperCase()} ${url}`;
    if (ONLY && !ONLY.test(label)) continue;
    const parameters = [...(operations.parameters ?? []), ...(operation.parameters ?? [])];
    const names = [];
    // Every parameter carries sqlmap's injection marker (*), so that sqlmap tests each one.
    const pathText = openapiPath.replace(/\{(\w+)\}/g, (_match, name) => {
      names.push(`path:${name}`);
      const schema = parameters.find(
        (parameter) => parameter.in === 'path' && parameter.name === name,
      )?.schema;
      const value = schema?.enum?.[0] ?? sampleId(name, url);
      return `${encodeURIComponent(value)}*`;
    });
    const query = parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => {
        names.push(`query:${parameter.name}`);
        const value = sampleFor(parameter.schema, parameter.name, url);
        return `${encodeURIComponent(parameter.name)}=${encodeURIComponent(String(value))}*`;
      });
    let body;
    const content = operation.requestBody?.content ?? {};
    const jsonSchema = content['application/json']?.schema;
    const formFields = /Fields: ([^.]+)\./.exec(operation.description ?? '')?.[1]?.split(', ');
    if (jsonSchema?.properties || formFields) {
      const fields = jsonSchema?.properties
        ? Object.entries(jsonSchema.properties).map(([name, schema]) => [
            name,
            sampleFor(schema, name, url),
          ])
        : formFields.map((name) => [name, sampleFor({}, name, url)]);
      body = `{${fields
        .map(([name, value]) => {
          names.push(`body:${name}`);
          const marked = markedJson(value);
          return `${JSON.stringify(name)}:${marked}`;
        })
        .join(',')}}`;
    } else if (method !== 'get' && method !== 'delete') {
      body = '{}';
    }
    targets.push({
      label,
      method: method.toUpperCase(),
      url: `${base}${pathText}${query.length ? `?${query.join('&')}` : ''}`,
      body,
      names,
      order: SIGN_IN_ROUTES.test(url) ? 4 : ORDER[method],
    });
  }
}
targets.sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));

/**
 * Who sqlmap calls a route as: the first of anonymous, a seller and the admin whom the route lets
 * in. Access is checked before the body is read, so a write is probed with a broken JSON body:
 * refused (401/403), or rejected as bad JSON, it changes nothing. Then sqlmap gets a session of
 * its own (a fresh seller, or the admin signed in again), which no earlier run can have ended.
 */
async function callerFor(target) {
  const probe = async (token) => {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    const isRead = target.method === 'GET';
    if (!isRead) headers['content-type'] = 'application/json';
    const response = await fetch(target.url.replaceAll('*', ''), {
      method: target.method,
      headers,
      body: isRead ? undefined : '{"probe":',
    });
    await response.arrayBuffer();
    return response.status;
  };
  if (![401, 403].includes(await probe(null))) return { who: 'anonymous', token: null };
  if (![401, 403].includes(await probe(sellerToken))) {
    return { who: 'seller', token: await newAccount('seller') };
  }
  return { who: 'admin', token: await signIn(adminEmail) };
}

/**
 * What the route answers the sample request, as sqlmap's first request sends it: a 2xx means
 * the payloads that follow reach the service, not only the input schema.
 */
async function sampleStatus(target, token) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (target.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(target.url.replaceAll('*', ''), {
    method: target.method,
    headers,
    body: target.body?.replaceAll('*', ''),
  });
  await response.arrayBuffer();
  return response.status;
}

function runProcess(command, args, { seconds, logFile }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    scanners.add(child);
    const log = fs.createWriteStream(logFile);
    let output = '';
    const collect = (chunk) => {
      output += chunk;
      log.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    }, seconds * 1000);
    child.on('exit', (code) => {
      scanners.delete(child);
      clearTimeout(timer);
      log.end();
      resolve({ code, output, timedOut });
    });
  });
}

// --- wapiti over the pages, on the fresh demo catalogue (before sqlmap fills it with junk) ---
console.log(
  `security: wapiti over the pages (crawl at most ${WAPITI_SECONDS} s, then 7 attacks)...`,
);
const wapitiReport = path.join(OUT, 'wapiti.json');
const wapitiStarted = Date.now();
const wapiti = await runProcess(
  'wapiti',
  [
    '-u',
    `${base}/`,
    '--scope',
    'folder',
    '-m',
    'sql,xss,exec,file,crlf,redirect,ssrf',
    '--flush-session',
    '--max-scan-time',
    String(WAPITI_SECONDS),
    '--max-attack-time',
    String(Math.round(WAPITI_SECONDS / 4)),
    // No --exclude: Debian's wapiti 3.0.4 fails on Python 3.11 with any (re.error), and the
    // crawl is anonymous, so nothing on the pages can sign it out.
    // Wapiti asks for Brotli, which Debian's python-requests cannot decode: it would see no links.
    '-H',
    'Accept-Encoding: gzip, deflate',
    '--max-links-per-page',
    '40',
    '-d',
    '3',
    '-t',
    '10',
    '-f',
    'json',
    '-o',
    wapitiReport,
  ],
  { seconds: WAPITI_SECONDS * 3 + 120, logFile: path.join(OUT, 'wapiti.log') },
);
const wapitiSeconds = Math.round((Date.now() - wapitiStarted) / 1000);
let wapitiFindings = null;
let wapitiAnomalies = null;
const wapitiCrawled = Number(/Wapiti found (\d+) URLs/.exec(wapiti.output)?.[1] ?? NaN);
if (fs.existsSync(wapitiReport)) {
  const report = JSON.parse(fs.readFileSync(wapitiReport, 'utf8'));
  wapitiFindings = Object.fromEntries(
    Object.entries(report.vulnerabilities ?? {}).map(([category, list]) => [category, list.length]),
  );
  wapitiAnomalies = Object.fromEntries(
    Object.entries(report.anomalies ?? {}).map(([category, list]) => [category, list.length]),
  );
}

// --- sqlmap over every API route and parameter ---
console.log(
  `security: sqlmap over ${targets.length} API routes, ${targets.reduce((sum, target) => sum + target.names.length, 0)} parameters ` +
    `(${SQLMAP_PARALLEL} at once, at most ${SQLMAP_SECONDS_PER_ROUTE} s each)...`,
);
const results = [];
let next = 0;
async function sqlmapWorker() {
  while (next < targets.length) {
    const index = next++;
    const target = targets[index];
    const { who, token } = await callerFor(target);
    const baseline = await sampleStatus(target, token);
    const dir = path.join(OUT, 'sqlmap', String(index).padStart(3, '0'));
    fs.mkdirSync(dir, { recursive: true });
    const headers = ['Accept: application/json'];
    if (token) headers.push(`Authorization: Bearer ${token}`);
    if (target.body !== undefined) headers.push('Content-Type: application/json');
    const args = [
      '-u',
      target.url,
      '--method',
      target.method,
      '--batch',
      '--level',
      '2',
      '--risk',
      '1',
      '--dbms',
      'PostgreSQL',
      '--threads',
      String(SQLMAP_THREADS),
      '--timeout',
      '15',
      '--retries',
      '1',
      '--ignore-code',
      '400,401,403,404,405,409,410,413,415,422,429',
      '--skip-waf',
      '--flush-session',
      '--disable-coloring',
      '--answers',
      'follow=N,quit=N',
      '--output-dir',
      dir,
      '--headers',
      headers.join('\n'),
    ];
    if (target.body !== undefined) args.push('--data', target.body);
    if (target.names.length === 0) {
      results.push({ target, who, baseline, status: 'no parameters', injectable: [] });
      continue;
    }
    const started = Date.now();
    const run = await runProcess('sqlmap', args, {
      seconds: SQLMAP_SECONDS_PER_ROUTE,
      logFile: path.join(dir, 'sqlmap.log'),
    });
    const injectable = [...run.output.matchAll(/Parameter: (.+?) \(/g)].map((match) => match[1]);
    const logs = fs
      .readdirSync(dir, { recursive: true })
      .filter((file) => String(file).endsWith('log') && !String(file).endsWith('sqlmap.log'))
      .map((file) => fs.readFileSync(path.join(dir, String(file)), 'utf8'))
      .join('');
    if (logs.trim() && injectable.length === 0) injectable.push('(see the sqlmap log)');
    const status = run.timedOut
      ? 'stopped at the time limit'
      : /do not appear to be injectable|identified the following injection/.test(run.output)
        ? 'tested'
        : `incomplete: ${(run.output.match(/\[CRITICAL\].*/g) ?? ['no verdict']).at(-1)}`;
    results.push({
      target,
      who,
      baseline,
      status,
      injectable,
      seconds: Math.round((Date.now() - started) / 1000),
    });
    console.log(
      `  ${target.label} as ${who} (sample answered ${baseline}): ${target.names.length} parameters, ${status}` +
        `${injectable.length ? `, INJECTABLE: ${injectable.join(', ')}` : ''} (${Math.round((Date.now() - started) / 1000)} s)`,
    );
  }
}
const sqlmapStarted = Date.now();
await Promise.all(Array.from({ length: SQLMAP_PARALLEL }, () => sqlmapWorker()));
const sqlmapSeconds = Math.round((Date.now() - sqlmapStarted) / 1000);

await stopServer();
serverLog.end();
await sleep(200);

// --- what the server logged: any answer of 5xx, any failed request ---
let requests = 0;
const serverErrors = [];
for (const line of fs.readFileSync(serverLogFile, 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    continue;
  }
  const status = entry.res?.statusCode;
  if (typeof status === 'number') requests += 1;
  if ((typeof status === 'number' && status >= 500) || entry.msg === 'request failed') {
    serverErrors.push(line.slice(0, 400));
  }
}

// --- summary ---
const tested = results.filter((result) => result.status === 'tested');
const parameters = results.reduce((sum, result) => sum + result.target.names.length, 0);
const testedParameters = tested.reduce((sum, result) => sum + result.target.names.length, 0);
const injectable = results.filter((result) => result.injectable.length > 0);
const unfinished = results.filter(
  (result) => result.status !== 'tested' && result.status !== 'no parameters',
);
const blockingWapiti = Object.entries(wapitiFindings ?? {}).filter(
  ([category, count]) => count > 0 && BLOCKING_WAPITI.some((pattern) => pattern.test(category)),
);
const serverErrorCount = serverErrors.length;

const summary = {
  api: {
    routes: targets.length,
    parameters,
    routesTested: tested.length,
    parametersTested: testedParameters,
    routesWithoutParameters: results.filter((result) => result.status === 'no parameters').length,
    routesAcceptingTheSample: results.filter((result) => result.baseline < 300).length,
    unfinished: unfinished.map((result) => `${result.target.label}: ${result.status}`),
    injectable: injectable.map(
      (result) => `${result.target.label}: ${result.injectable.join(', ')}`,
    ),
    seconds: sqlmapSeconds,
  },
  pages: {
    wapitiExitCode: wapiti.code,
    crawled: wapitiCrawled,
    findings: wapitiFindings,
    anomalies: wapitiAnomalies,
    seconds: wapitiSeconds,
  },
  server: { requestsLogged: requests, answers5xx: serverErrorCount },
};
fs.writeFileSync(path.join(OUT, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
if (serverErrors.length)
  fs.writeFileSync(path.join(OUT, 'server-errors.log'), serverErrors.join('\n'));

console.log('\n=== security summary ===');
console.log(
  `sqlmap: ${targets.length} API routes, ${parameters} parameters; ` +
    `${tested.length} routes (${testedParameters} parameters) fully tested in ${sqlmapSeconds} s ` +
    `(${summary.api.routesAcceptingTheSample} routes accepted the sample request); ` +
    `injectable parameters: ${injectable.reduce((sum, result) => sum + result.injectable.length, 0)}`,
);
for (const line of summary.api.injectable) console.log(`  INJECTABLE ${line}`);
for (const line of summary.api.unfinished) console.log(`  unfinished ${line}`);
console.log(
  `wapiti: ${wapitiFindings === null ? 'no report (see wapiti.log)' : `${wapitiCrawled} pages and forms crawled in ${wapitiSeconds} s`}`,
);
for (const [category, count] of Object.entries(wapitiFindings ?? {})) {
  console.log(`  ${category}: ${count}`);
}
for (const [category, count] of Object.entries(wapitiAnomalies ?? {})) {
  if (count > 0) console.log(`  anomaly, ${category}: ${count}`);
}
console.log(`server: ${requests} requests logged, ${serverErrorCount} answered 5xx or failed`);
console.log(`reports in ${path.relative(ROOT, OUT) || OUT}`);

const problems = [];
if (injectable.length > 0) problems.push('sqlmap found injectable parameters');
if (unfinished.length > 0) problems.push(`${unfinished.length} sqlmap runs did not finish`);
if (wapitiFindings === null) problems.push('wapiti wrote no report');
if (blockingWapiti.length > 0)
  problems.push('wapiti found SQL, XSS, command or file vulnerabilities');
if (serverErrorCount > 0) problems.push('the server answered 5xx (see server-errors.log)');
if (problems.length > 0) {
  console.error(`security: FAILED: ${problems.join('; ')}`);
  process.exit(1);
}
console.log('security: passed');
