// Microsoft's SCIM reference Postman collection (github.com/AzureAD/SCIMReferenceCode, MIT; the
// copy and its licence are in bench/scim/) run with newman against Ovation's SCIM service
// (/scim/v2, issue 42, decision 0110). A record of which requests pass, never an assertion:
// the figures go to docs/scim-conformance.md.
// Usage: npx tsx bench/scim-newman.ts [adminUrl=postgres://postgres@127.0.0.1:5432/postgres] [--with-ovation-attributes]
// Each pass gets a fresh PostgreSQL database beside adminUrl's (migrated by the app, dropped at the
// end), one report administrator and an integration token with the scope scim (its row inserted
// directly: SHA-256 of the secret, as lib/tokens.ts hashToken), and the real app listening on
// 127.0.0.1 on a free port. Prints Markdown: a table per folder (request, method, HTTP status,
// assertions passed and failed, the first failure, Ovation's SCIM error) and the totals.
//
// The collection's first folder, "Get Token", asks GET /Token, the reference server's own token
// endpoint (not SCIM), and its test script sets the environment's `token` from the answer's
// `token`, which Ovation's answer (a 401) has not: it would leave every later request with an
// undefined token. So that folder is run alone in a newman run of its own (its failure recorded
// as "not SCIM"), and the rest of the collection, with that folder removed from the in-memory
// copy, in a second run whose environment holds the preset token. The copy on disk is unchanged.
//
// --with-ovation-attributes adds a second pass, clearly labelled, on its own fresh database: the
// same collection with each user a POST /Users creates given what Ovation requires of a new
// member (decision 0110), as the firm's attribute mapping would send it:
// urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber (from the userName,
// so the collection's "already exists" posts repeat it) and, when the body names no work
// address country, the Ovation extension's country. PUT bodies are left as published: a PUT that
// leaves an attribute out keeps the member's value (decision 0110), and an employee number made
// from a PUT's new userName would be a change of employee number (400 mutability).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import newman from 'newman';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';

const COLLECTION_FILE = new URL('./scim/microsoft-scim-reference.postman_collection.json', import.meta.url);
const TOKEN_FOLDER = 'Get Token';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const OVATION = 'urn:ietf:params:scim:schemas:extension:ovation:2.0:User';
const ADMIN_EMAIL = 'scim.admin@bench.example';

const args = process.argv.slice(2);
const withOvationAttributes = args.includes('--with-ovation-attributes');
const adminUrl = args.find((a) => !a.startsWith('--')) ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The parts of a Postman collection (v2.1) this script reads and changes. */
interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  request?: { method: string; url: string | { raw: string }; body?: { mode?: string; raw?: string } };
}
interface PostmanCollection {
  info: { name: string };
  item: PostmanItem[];
}

/** The parts of newman's run summary read here (newman ships no types). */
interface Execution {
  item: { id: string; name: string; parent(): { name: string } | undefined };
  request: { method: string };
  response?: { code: number; status: string; text(): string };
  requestError?: { message: string };
  assertions?: { assertion: string; skipped?: boolean; error?: { name: string; message: string } }[];
}
interface Summary {
  run: {
    executions: Execution[];
    failures: { source?: { id?: string }; at?: string; error: { name: string; message: string } }[];
  };
}

/** One request as recorded. */
interface Row {
  folder: string;
  name: string;
  method: string;
  status: string;
  passed: number;
  failed: number;
  failure: string;
  answer: string;
  /** Assertions passed on a 404 answer: the collection never expects one, so they pass vacuously. */
  vacuous: boolean;
}

const readCollection = (): PostmanCollection => JSON.parse(readFileSync(COLLECTION_FILE, 'utf8'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A key of `object` matched case-insensitively (SCIM attribute names are, RFC 7643 §2.1). */
const keyOf = (object: Record<string, unknown>, name: string) =>
  Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());

/** The second pass's change to a POST /Users body: employeeNumber, and a country when it has none. */
function withRequiredAttributes(raw: string, fallbackNumber: string): string {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw);
  } catch {
    return raw; // "Post junk" is not JSON on purpose: left as it is.
  }
  const userName = typeof body.userName === 'string' ? body.userName : '';
  const employeeNumber = (userName.replace(/[^A-Za-z0-9]/g, '') || fallbackNumber).slice(0, 20);
  const enterpriseKey = keyOf(body, ENTERPRISE) ?? ENTERPRISE;
  const enterprise = (body[enterpriseKey] ?? {}) as Record<string, unknown>;
  body[enterpriseKey] = { ...enterprise, employeeNumber };
  const addresses = Array.isArray(body.addresses) ? (body.addresses as Record<string, unknown>[]) : [];
  const hasCountry = addresses.some((a) => String(a?.type).toLowerCase() === 'work' && a?.country);
  if (!hasCountry) body[OVATION] = { ...((body[OVATION] ?? {}) as object), country: 'South Africa' };
  const schemas = Array.isArray(body.schemas) ? (body.schemas as string[]) : [];
  for (const urn of [ENTERPRISE, ...(hasCountry ? [] : [OVATION])]) if (!schemas.includes(urn)) schemas.push(urn);
  body.schemas = schemas;
  return JSON.stringify(body, null, 4);
}

/** The collection with the second pass's change applied to every POST /Users body; answers how many. */
function mapRequiredAttributes(collection: PostmanCollection): number {
  let changed = 0;
  const walk = (items: PostmanItem[]) => {
    for (const item of items) {
      if (item.item) walk(item.item);
      const request = item.request;
      const url = typeof request?.url === 'string' ? request.url : request?.url.raw;
      if (request?.method !== 'POST' || !url?.endsWith('/Users') || request.body?.raw === undefined) continue;
      const raw = withRequiredAttributes(request.body.raw, `noUserName${changed + 1}`);
      if (raw !== request.body.raw) changed++;
      request.body.raw = raw;
    }
  };
  walk(collection.item);
  return changed;
}

function runNewman(options: Record<string, unknown>): Promise<Summary> {
  return new Promise((resolve, reject) => {
    newman.run({ reporters: [], timeoutRequest: 15_000, ...options }, (error: Error | null, summary: Summary) =>
      error ? reject(error) : resolve(summary),
    );
  });
}

const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
const cut = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

/** Ovation's SCIM error, when the answer is one: `400 invalidValue: detail`. */
function scimAnswer(execution: Execution): string {
  const response = execution.response;
  if (!response || response.code < 400) return '';
  try {
    const body = JSON.parse(response.text()) as { scimType?: string; detail?: string };
    return cut(`${body.scimType ? `${body.scimType}: ` : ''}${body.detail ?? ''}`, 160);
  } catch {
    return cut(response.text(), 160);
  }
}

function rowsOf(summary: Summary, rootName: string): Row[] {
  return summary.run.executions.map((execution) => {
    const assertions = (execution.assertions ?? []).filter((a) => !a.skipped);
    const failedAssertions = assertions.filter((a) => a.error);
    // A pm.test whose callback throws (a TypeError reading an absent attribute) is a failed
    // assertion already; a script that throws outside any pm.test is recorded apart, as one failure.
    const scriptErrors = summary.run.failures.filter(
      (f) => f.source?.id === execution.item.id && !(f.at ?? '').startsWith('assertion'),
    );
    const first = failedAssertions[0]
      ? `${failedAssertions[0].assertion}: ${failedAssertions[0].error!.message}`
      : scriptErrors[0]
        ? `${scriptErrors[0].at ?? 'script'}: ${scriptErrors[0].error.name}: ${scriptErrors[0].error.message}`
        : execution.requestError
          ? `request failed: ${execution.requestError.message}`
          : '';
    const parent = execution.item.parent()?.name;
    return {
      folder: parent && parent !== rootName ? parent : '(collection root)',
      name: execution.item.name,
      method: execution.request.method,
      status: execution.response ? String(execution.response.code) : '—',
      passed: assertions.length - failedAssertions.length,
      failed: failedAssertions.length + scriptErrors.length,
      failure: cut(first, 200),
      answer: scimAnswer(execution),
      vacuous: execution.response?.code === 404 && assertions.length - failedAssertions.length > 0,
    };
  });
}

/** One pass on a fresh database and app: the token folder alone, then the rest. */
async function runPass(label: string, collection: PostmanCollection): Promise<Row[]> {
  const dbName = `ovation_bench_scim_newman_${randomBytes(3).toString('hex')}`;
  const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  try {
    const database = await openDatabase({ databaseUrl: dbUrl, pgliteDir: '', poolSize: 5 });
    await migrateDatabase(database);
    const pool = database.pool!;
    pool.on('error', () => {});
    // The report administrator who makes the token: the one member not made by the directory.
    const adminId = (
      await pool.query(
        `insert into members (employee_number, first_name, surname, email, cell_num, country, unit, is_admin_reports)
         values ('SCIMADMIN1', 'Bench', 'Administrator', $1, '+27 82 555 0101', 'South Africa', 'AUD', true) returning id`,
        [ADMIN_EMAIL],
      )
    ).rows[0].id as number;
    const secret = `ovn_${randomBytes(32).toString('base64url')}`;
    await pool.query(
      `insert into integration_tokens (name, scopes, token_hash, prefix, created_by) values ($1, '{scim}', $2, $3, $4)`,
      [
        'Bench: Microsoft SCIM reference collection',
        createHash('sha256').update(secret).digest('hex'),
        secret.slice(0, 10),
        adminId,
      ],
    );

    const port = await freePort();
    const config = loadConfig(
      {},
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: dbUrl,
        WEB_DIST_DIR: '/nonexistent',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    );
    const app = await buildApp({ config, database, closeDatabase: false, logger: false });
    await app.listen({ host: '127.0.0.1', port });
    try {
      const environment = {
        name: `Ovation ${label}`,
        values: [
          { key: 'Protocol', value: 'http', enabled: true },
          { key: 'Server', value: '127.0.0.1', enabled: true },
          { key: 'Port', value: `:${port}`, enabled: true },
          { key: 'Api', value: 'scim/v2', enabled: true },
          { key: 'token', value: secret, enabled: true },
        ],
      };
      const tokenRun = await runNewman({ collection, environment, folder: TOKEN_FOLDER });
      const rest = { ...collection, item: collection.item.filter((i) => i.name !== TOKEN_FOLDER) };
      const mainRun = await runNewman({ collection: rest, environment });
      const rows = [...rowsOf(tokenRun, collection.info.name), ...rowsOf(mainRun, collection.info.name)];
      for (const row of rows) {
        if (row.folder === TOKEN_FOLDER)
          row.failure = `not SCIM: the reference server's own token endpoint (${row.failure})`;
      }
      return rows;
    } finally {
      await app.close();
      await database.close?.();
    }
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

function print(label: string, rows: Row[]) {
  console.log(`## ${label}\n`);
  const folders = [...new Set(rows.map((r) => r.folder))];
  for (const folder of folders) {
    const inFolder = rows.filter((r) => r.folder === folder);
    console.log(`### ${folder}\n`);
    console.log('| request | method | HTTP | passed | failed | first failure | Ovation’s SCIM error |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const r of inFolder) {
      const passed = r.vacuous ? `${r.passed} (vacuous: on a 404)` : String(r.passed);
      console.log(
        `| ${cell(r.name)} | ${r.method} | ${r.status} | ${passed} | ${r.failed} | ${cell(r.failure)} | ${cell(r.answer)} |`,
      );
    }
    console.log('');
  }
  const clean = rows.filter((r) => r.failed === 0 && r.passed > 0).length;
  const vacuous = rows.filter((r) => r.failed === 0 && r.passed > 0 && r.vacuous).length;
  const untested = rows.filter((r) => r.failed === 0 && r.passed === 0).length;
  const failing = rows.filter((r) => r.failed > 0).length;
  const passed = rows.reduce((n, r) => n + r.passed, 0);
  const failed = rows.reduce((n, r) => n + r.failed, 0);
  console.log(
    `**Totals (${label}):** ${rows.length} requests: ${clean} passed every assertion (${vacuous} of them only ` +
      `vacuously, on a 404), ${failing} failed at least one, ` +
      `${untested} have no assertions; assertions ${passed} passed, ${failed} failed ` +
      `(of ${passed + failed}; a script error counts as one failure).\n`,
  );
}

const published = readCollection();
console.log(`# ${published.info.name}: Microsoft's SCIM reference collection against Ovation\n`);
print('Pass 1: the collection as published', await runPass('pass 1', published));
if (withOvationAttributes) {
  const mapped = readCollection();
  const changed = mapRequiredAttributes(mapped);
  print(
    `Pass 2 (--with-ovation-attributes): ${changed} POST /Users bodies given employeeNumber and, where missing, a country`,
    await runPass('pass 2', mapped),
  );
}
