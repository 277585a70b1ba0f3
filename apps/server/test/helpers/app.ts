import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Country } from '@backoffice/shared';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { DEMO_PASSWORD } from '../../src/db/seed';

export type Driver = 'pglite' | 'postgres';
export const DRIVERS: Driver[] = ['pglite', 'postgres'];
export { DEMO_PASSWORD };

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Connects to the admin database; falls back to `postgres` when the named one does not exist yet. */
async function adminClient(): Promise<pg.Client> {
  const tryConnect = async (url: string) => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    await client.connect();
    return client;
  };
  try {
    return await tryConnect(ADMIN_URL);
  } catch (error) {
    if ((error as { code?: string }).code === '3D000') {
      const url = new URL(ADMIN_URL);
      url.pathname = '/postgres';
      return tryConnect(url.toString());
    }
    // Never skip: the PostgreSQL half of the suite is required (SPEC'd as both drivers).
    throw new Error(`The server tests need PostgreSQL at ${ADMIN_URL} (set TEST_DATABASE_URL): ${(error as Error).message}`);
  }
}

/** Creates an empty database `bo_test_<random>` and returns its URL and a function that drops it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bo_test_${randomBytes(6).toString('hex')}`;
  const admin = await adminClient();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = await adminClient();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A WEB_DIST without a build (never created), so a web build lying around does not change what tests see. */
const EMPTY_WEB_DIST = join(tmpdir(), 'bo-test-no-web-build');

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const defaults = loadConfig({});
  return {
    ...defaults,
    // Tests page through lists faster than a person: the page limit is tested where it is set.
    rateLimits: { ...defaults.rateLimits, lists: 0 },
    memoryDatabase: true,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    seedLeads: 20,
    webDist: EMPTY_WEB_DIST,
    // Tests change users and sessions behind the app's back: always ask the database.
    sessionCacheSeconds: 0,
    // Automated stages wait to be run, so each test decides when they run (workflow tests turn it on).
    workflowAutoRun: false,
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  driver: Driver;
  /** The PostgreSQL URL of this app's database (postgres driver only). */
  databaseUrl?: string;
  close: () => Promise<void>;
}

/**
 * A fresh app on a fresh database: PGlite in memory, or a new PostgreSQL database dropped on close.
 * `setup` runs before `ready`, e.g. to register test-only routes.
 */
export async function createTestApp(
  driver: Driver,
  overrides: Partial<AppConfig> = {},
  setup?: (app: App) => void | Promise<void>,
): Promise<TestApp> {
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (driver === 'postgres') {
    ({ url: databaseUrl, drop } = await createPostgresDatabase());
  }
  try {
    const app = await buildApp(testConfig({ ...overrides, databaseUrl }));
    await setup?.(app);
    await app.ready();
    return {
      app,
      driver,
      databaseUrl,
      close: async () => {
        await app.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

export function tempDir(prefix = 'bo-test-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

interface RequestOptions {
  headers?: Record<string, string>;
  /** Send the X-XSRF-TOKEN header (default true, every method: the web client sends it on every call). */
  xsrf?: boolean;
  /** Send the cookie jar (default true). */
  cookies?: boolean;
}

/**
 * A browser-like client over `inject`: keeps cookies between requests and echoes the XSRF cookie in the
 * header, as the web app's HTTP client does. Each client can have its own address (login throttling).
 */
export class TestClient {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: App,
    readonly remoteAddress = '127.0.0.1',
  ) {}

  get xsrfToken(): string | undefined {
    return this.jar.get('XSRF-TOKEN');
  }

  /** The first GET a browser would make: obtains the XSRF cookie. */
  async init(): Promise<this> {
    await this.get('/api/health');
    return this;
  }

  get(url: string, options: RequestOptions = {}) {
    return this.request('GET', url, undefined, options);
  }

  post(url: string, body: unknown, options: RequestOptions = {}) {
    return this.request('POST', url, body, options);
  }

  patch(url: string, body: unknown, options: RequestOptions = {}) {
    return this.request('PATCH', url, body, options);
  }

  put(url: string, body: unknown, options: RequestOptions = {}) {
    return this.request('PUT', url, body, options);
  }

  async request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body: unknown, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookies !== false && this.jar.size > 0) {
      headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (options.xsrf !== false && this.xsrfToken) headers['x-xsrf-token'] = this.xsrfToken;
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.remoteAddress,
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
    });
    this.store(response);
    return response;
  }

  async login(country: Country, email: string, password = DEMO_PASSWORD) {
    if (!this.xsrfToken) await this.init();
    return this.post(`/api/${country}/auth/login`, { email, password, branch_id: country === 'arg' ? 1 : 2 });
  }

  private store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now()) || cookie.value === '';
      if (cleared) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
  }
}

/** The Set-Cookie header of one cookie, raw (to check its flags). */
export function setCookieHeader(response: LightMyRequestResponse, name: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.find((c) => c.startsWith(`${name}=`));
}

/** Signed-in clients by country and account, one sign-in each, reused across a file's tests. */
export function signedIn(app: () => App): (country: Country, email: string) => Promise<TestClient> {
  const clients = new Map<string, TestClient>();
  return async (country, email) => {
    const key = `${country}:${email}`;
    if (!clients.has(key)) {
      const client = new TestClient(app());
      const res = await client.login(country, email);
      expect(res.statusCode, res.body).toBe(200);
      clients.set(key, client);
    }
    return clients.get(key)!;
  };
}
