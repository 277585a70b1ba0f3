import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../../src/db/seed';

/** The repository's root: servers run from there, as `npm start` and the browser tests run them. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Settings every spawned server gets: loopback, a port of the system's choosing, a log the helper can read. */
const BASE_ENV = {
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
  SEED_CALL_BACKS: 'false',
  REALTIME_REMINDER_CHECK_SECONDS: '0',
  STAGE_WORKER_SECONDS: '0',
  BACKUP_KEEP: '0',
};

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** kill -9 of the server (its process group). */
  kill9(): Promise<void>;
  /** SIGTERM: a clean shutdown. */
  stop(): Promise<number | null>;
}

/**
 * Spawns the server as `npm run serve` does (`node --import tsx`: the tsx CLI would stand between it and the
 * signals, and SIGKILL it when its event loop is busy for 60 ms) in its own process group; `ready` resolves
 * once it listens.
 */
export function spawnServer(env: Record<string, string>): { process: ServerProcess; ready: Promise<ServerProcess> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...BASE_ENV, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  let listening: (url: string) => void;
  const listeningAt = new Promise<string>((resolve) => {
    listening = resolve;
  });
  const collect = (chunk: Buffer) => {
    text += chunk.toString();
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
    if (match) listening(match[1]!);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    child,
    url: '',
    output: () => text,
    exited,
    async kill9() {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
  const ready = Promise.race([
    listeningAt.then((url) => Object.assign(server, { url })),
    exited.then((code) => {
      throw new Error(`the server exited (${code}) before listening:\n${text}`);
    }),
  ]);
  // A caller that only waits for the exit (a server expected to refuse) never reads `ready`.
  ready.catch(() => {});
  return { process: server, ready };
}

export const startServer = (env: Record<string, string>) => spawnServer(env).ready;

/** Signs in as arg's admin and returns a Bearer token (Bearer requests need no XSRF cookie). */
export async function adminToken(url: string): Promise<string> {
  const health = await fetch(`${url}/api/health`);
  const xsrf = health.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('XSRF-TOKEN='))!
    .split(';')[0]!
    .slice('XSRF-TOKEN='.length);
  const response = await fetch(`${url}/api/arg/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: 'admin@arg.example', password: DEMO_PASSWORD, branch_id: 1 }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Adds a note; true when the server acknowledged it (200), false when the request failed (e.g. killed). */
export async function addNote(url: string, token: string, leadId: number, body: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/arg/leads/${leadId}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ body }),
    });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * Writes notes on `leadIds` with `concurrency` requests in flight until `stop()`; `acknowledged` holds the
 * bodies the server answered 200 for.
 */
export function noteStream(url: string, token: string, leadIds: number[], prefix: string, concurrency = 4) {
  const acknowledged: string[] = [];
  let stopped = false;
  let next = 0;
  const worker = async () => {
    while (!stopped) {
      const n = next++;
      const body = `${prefix}-${n}`;
      if (await addNote(url, token, leadIds[n % leadIds.length]!, body)) acknowledged.push(body);
      else if (!stopped) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const workers = Promise.all(Array.from({ length: concurrency }, worker));
  return {
    acknowledged,
    sent: () => next,
    async stop() {
      stopped = true;
      await workers;
    },
  };
}
