import { loginResponseSchema } from '@backoffice/shared';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, sessions, users } from '../../src/db/schema';
import { TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';

/** Sessions beyond their lifetime: the idle timeout (SESSION_IDLE_MINUTES). */
describe.each<Driver>(['pglite', 'postgres'])('sessions on %s', (driver) => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(driver, { sessionIdleMinutes: 30 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = async (email: string) => {
    const c = await new TestClient(t.app, `10.6.0.${++n}`).init();
    const res = await c.login('arg', email);
    expect(res.statusCode).toBe(200);
    const hash = createHash('sha256').update(loginResponseSchema.parse(res.json()).token).digest('hex');
    const idleFor = (minutes: number) =>
      t.app.db
        .update(sessions)
        .set({ lastUsedAt: sql`now() - ${minutes} * interval '1 minute'` })
        .where(eq(sessions.tokenHash, hash));
    const idleMinutes = async () =>
      Number(
        (
          await t.app.db
            .select({ m: sql<string>`extract(epoch from now() - ${sessions.lastUsedAt}) / 60` })
            .from(sessions)
            .where(eq(sessions.tokenHash, hash))
        )[0].m,
      );
    return { client: c, idleFor, idleMinutes };
  };

  /** The security log's session ends of a user, as [reason, address]. */
  const sessionEnds = async (email: string) => {
    const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const rows = await t.app.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.type, 'session_ended')));
    return rows.map((r) => [r.details, r.ip]);
  };

  it('ends a session idle for longer than the timeout, well within its lifetime, and logs it once', async () => {
    const { client, idleFor } = await signIn('operator@arg.example');
    await idleFor(31);
    const res = await client.get('/api/arg/auth/user-info');
    expect(res.statusCode).toBe(401);
    expect((await Promise.all([client.get('/api/arg/leads'), client.get('/api/arg/auth/user-info')])).map((r) => r.statusCode)).toEqual([
      401, 401,
    ]);
    expect(await sessionEnds('operator@arg.example')).toEqual([[{ reason: 'idle_timeout' }, client.remoteAddress]]);
  });

  it('logs a session found past its lifetime as expired', async () => {
    const { client } = await signIn('auditor@arg.example');
    const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, 'auditor@arg.example'));
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    expect((await client.get('/api/arg/auth/user-info')).statusCode).toBe(401);
    expect(await sessionEnds('auditor@arg.example')).toEqual([[{ reason: 'expired' }, client.remoteAddress]]);
  });

  it('a request within the timeout keeps the session alive and moves its last use forward', async () => {
    const { client, idleFor, idleMinutes } = await signIn('supervisor@arg.example');
    await idleFor(29);
    const info = await client.get('/api/arg/auth/user-info');
    expect(info.statusCode).toBe(200);
    expect(info.json().idle_timeout_minutes).toBe(30);
    expect(await idleMinutes()).toBeLessThan(1);
    // Another 29 minutes later it is still alive: the timeout counts from the last use, not the sign-in.
    await idleFor(29);
    expect((await client.get('/api/arg/auth/user-info')).statusCode).toBe(200);
  });

  it("the call reminders' background poll does not keep a session alive", async () => {
    const { client, idleFor, idleMinutes } = await signIn('seller@arg.example');
    await idleFor(10);
    expect((await client.get('/api/arg/sales/schedule-calls')).statusCode).toBe(200);
    expect(await idleMinutes()).toBeGreaterThan(9);
    await idleFor(31);
    expect((await client.get('/api/arg/sales/schedule-calls')).statusCode).toBe(401);
  });
});
