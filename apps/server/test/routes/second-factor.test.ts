import {
  inVoice,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MESSAGES,
  adminUserSchema,
  listResponseSchema,
  loginResponseSchema,
  secondFactorConfirmedSchema,
  secondFactorEnrolmentSchema,
  userInfoSchema,
  type Country,
} from '@backoffice/shared';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFailures, securityEvents, sessions, userSecondFactors, users } from '../../src/db/schema';
import { MESSAGES } from '../../src/lib/errors';
import { DEMO_PASSWORD, TestClient, createTestApp, type Driver, type TestApp } from '../helpers/app';

const STEP_MS = 30_000;
/** The code an authenticator app shows `steps` steps from now. */
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1', timestamp: Date.now() + steps * STEP_MS });

/** The TOTP second factor (issue 40, ASVS V2.8): enrolment, the code at sign-in, recovery codes, role requirement, disable, admin reset. */
describe.each<Driver>(['pglite', 'postgres'])('second factor on %s', (driver) => {
  let t: TestApp;
  let n = 0;
  const client = () => new TestClient(t.app, `10.7.0.${++n}`).init();
  const idOf = async (email: string) => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  const eventsOf = async (userId: number, type: string) =>
    t.app.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, type)))
      .orderBy(securityEvents.id);
  const signIn = async (country: Country, email: string, c?: TestClient) => {
    const cl = c ?? (await client());
    const res = await cl.login(country, email);
    expect(res.statusCode, res.body).toBe(200);
    return { client: cl, login: loginResponseSchema.parse(res.json()) };
  };
  /** Signs in and sets up the factor, confirmed with the previous step's code (so the current one is still unused). */
  const enrol = async (country: Country, email: string) => {
    const { client: c } = await signIn(country, email);
    const started = await c.post(`/api/${country}/auth/second-factor/enrolment`, {});
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = secondFactorEnrolmentSchema.parse(started.json());
    const confirmed = await c.post(`/api/${country}/auth/second-factor/enrolment/confirm`, { code: codeAt(secret, -1) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { client: c, secret, recovery: secondFactorConfirmedSchema.parse(confirmed.json()).recovery_codes };
  };
  let admin: TestClient;
  let adminId: number;

  beforeAll(async () => {
    // Only Date is faked, and it runs: each test starts a second into a fresh step, so the codes' steps are known.
    // (PGlite's clock is Date's: time only ever moves forward here.)
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    t = await createTestApp(driver);
    admin = (await signIn('arg', 'admin@arg.example')).client;
    adminId = await idOf('admin@arg.example');
  });
  beforeEach(() => {
    vi.setSystemTime((Math.floor(Date.now() / STEP_MS) + 1) * STEP_MS + 1000);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  it('enrols: a secret as text and QR code, confirmed by a first code; 10 recovery codes once; the secret stored sealed, never answered again', async () => {
    const { client: c } = await signIn('arg', 'operator@arg.example');
    const id = await idOf('operator@arg.example');
    expect((await c.get('/api/arg/auth/second-factor')).json()).toEqual({ enrolled: false, required: false, recovery_codes_left: 0 });
    const started = secondFactorEnrolmentSchema.parse((await c.post('/api/arg/auth/second-factor/enrolment', {})).json());
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(started.qr_code).toMatch(/^data:image\/png;base64,/);
    // Not on until confirmed: signing in asks no code yet.
    expect((await signIn('arg', 'operator@arg.example')).login.second_factor_required).toBeUndefined();

    const wrong = await c.post('/api/arg/auth/second-factor/enrolment/confirm', { code: codeAt(started.secret, 3) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([{ field: 'code', message: SECOND_FACTOR_MESSAGES.wrongCode }]);
    expect(await eventsOf(id, 'second_factor_failure')).toHaveLength(1);

    const confirmed = await c.post('/api/arg/auth/second-factor/enrolment/confirm', { code: codeAt(started.secret) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recovery_codes: codes } = secondFactorConfirmedSchema.parse(confirmed.json());
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(await eventsOf(id, 'second_factor_enabled')).toHaveLength(1);

    const [row] = await t.app.db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, id));
    expect(row.secret).not.toContain(started.secret);
    expect(row.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(row.recoveryCodes.join()).not.toContain(code.replace('-', ''));

    const status = await c.get('/api/arg/auth/second-factor');
    expect(status.json()).toEqual({ enrolled: true, required: false, recovery_codes_left: RECOVERY_CODE_COUNT });
    expect(status.body).not.toContain(started.secret);
    const again = await c.post('/api/arg/auth/second-factor/enrolment', {});
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(started.secret);
  });

  it('signs in with the password, then the code; until then the session reaches nothing else; a used code is refused', async () => {
    const { secret } = await enrol('arg', 'auditor@arg.example');
    const id = await idOf('auditor@arg.example');
    const { client: c, login } = await signIn('arg', 'auditor@arg.example');
    expect(login.second_factor_required).toBe(true);
    expect(login.failed_attempts).toBeUndefined();
    const held0 = await t.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), eq(sessions.secondFactorPending, true)));
    expect(held0).toHaveLength(1);

    const held = await c.get('/api/arg/auth/sessions');
    expect(held.statusCode).toBe(403);
    expect(held.json().message).toBe(inVoice('arg', MESSAGES.secondFactorPending));
    expect((await c.get('/api/arg/audits?page=1')).statusCode).toBe(403);
    expect((await c.post('/api/arg/auth/second-factor/disable', { password: DEMO_PASSWORD })).statusCode).toBe(403);
    expect(userInfoSchema.parse((await c.get('/api/arg/auth/user-info')).json()).second_factor_required).toBe(true);

    const wrong = await c.post('/api/arg/auth/second-factor', { code: codeAt(secret, 4) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields[0]).toEqual({ field: 'code', message: SECOND_FACTOR_MESSAGES.wrongCode });
    expect(await eventsOf(id, 'second_factor_failure')).toHaveLength(1);

    const code = codeAt(secret);
    const ok = await c.post('/api/arg/auth/second-factor', { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true, failed_attempts: 1 });
    expect((await c.get('/api/arg/auth/sessions')).statusCode).toBe(200);
    expect(userInfoSchema.parse((await c.get('/api/arg/auth/user-info')).json()).second_factor_required).toBeUndefined();
    const successes = await eventsOf(id, 'login_success');
    expect(successes.at(-1)!.details).toEqual({ second_factor: 'totp' });
    // Once through, the code route has nothing left to do.
    expect((await c.post('/api/arg/auth/second-factor', { code: codeAt(secret, 1) })).statusCode).toBe(409);

    // The same code again (another sign-in within its window) and an older step's code are refused.
    const other = (await signIn('arg', 'auditor@arg.example')).client;
    expect((await other.post('/api/arg/auth/second-factor', { code })).statusCode).toBe(400);
    expect((await other.post('/api/arg/auth/second-factor', { code: codeAt(secret, -1) })).statusCode).toBe(400);
    expect((await other.get('/api/arg/auth/sessions')).statusCode).toBe(403);
    // The next step's code (within ±1) is taken.
    expect((await other.post('/api/arg/auth/second-factor', { code: codeAt(secret, 1) })).statusCode).toBe(200);
  });

  it('a recovery code signs in once', async () => {
    const { recovery } = await enrol('arg', 'supervisor@arg.example');
    const id = await idOf('supervisor@arg.example');
    const first = (await signIn('arg', 'supervisor@arg.example')).client;
    // Typed in capitals without the dash: the same code.
    const ok = await first.post('/api/arg/auth/second-factor', { code: recovery[3].replace('-', '').toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, recovery_codes_left: RECOVERY_CODE_COUNT - 1 });
    expect((await eventsOf(id, 'login_success')).at(-1)!.details).toEqual({ second_factor: 'recovery', recovery_codes_left: 9 });

    const second = (await signIn('arg', 'supervisor@arg.example')).client;
    expect((await second.post('/api/arg/auth/second-factor', { code: recovery[3] })).statusCode).toBe(400);
    expect((await second.get('/api/arg/auth/sessions')).statusCode).toBe(403);
    expect((await second.post('/api/arg/auth/second-factor', { code: recovery[4] })).statusCode).toBe(200);
    expect((await second.get('/api/arg/auth/second-factor')).json()).toMatchObject({ recovery_codes_left: RECOVERY_CODE_COUNT - 2 });
  });

  it('wrong codes count in the sign-in throttle: past the free failures the next code waits', async () => {
    const { secret } = await enrol('arg', 'atc@arg.example');
    const id = await idOf('atc@arg.example');
    const c = (await signIn('arg', 'atc@arg.example')).client;
    for (let i = 0; i < 3; i++) expect((await c.post('/api/arg/auth/second-factor', { code: '000000' })).statusCode).toBe(400);
    const rows = await t.app.db.select().from(loginFailures).where(eq(loginFailures.email, 'atc@arg.example'));
    expect(rows).toHaveLength(3);
    const slowed = await c.post('/api/arg/auth/second-factor', { code: codeAt(secret) });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBeDefined();
    expect((await eventsOf(id, 'second_factor_failure')).filter((e) => e.details.purpose === 'sign_in')).toHaveLength(3);
    expect((await eventsOf(id, 'login_slowed')).at(-1)!.details).toMatchObject({ second_factor: true });
    // A right password does not wipe the count of wrong codes.
    await signIn('arg', 'atc@arg.example');
    expect(await t.app.db.select().from(loginFailures).where(eq(loginFailures.email, 'atc@arg.example'))).toHaveLength(3);
  });

  it('disables with a current code or the password; a wrong one is logged and changes nothing', async () => {
    const { client: c, secret } = await enrol('arg', 'collector@arg.example');
    const id = await idOf('collector@arg.example');
    const wrong = await c.post('/api/arg/auth/second-factor/disable', { password: 'no es la contraseña' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual([{ field: 'password', message: SECOND_FACTOR_MESSAGES.wrongPassword }]);
    expect((await eventsOf(id, 'second_factor_failure')).at(-1)!.details).toEqual({ purpose: 'disable', with: 'password' });
    const none = await c.post('/api/arg/auth/second-factor/disable', {});
    expect(none.statusCode).toBe(400);
    expect((await c.get('/api/arg/auth/second-factor')).json()).toMatchObject({ enrolled: true });

    expect((await c.post('/api/arg/auth/second-factor/disable', { code: codeAt(secret) })).statusCode).toBe(200);
    expect((await eventsOf(id, 'second_factor_disabled')).at(-1)!.details).toEqual({ with: 'code' });
    expect((await c.get('/api/arg/auth/second-factor')).json()).toMatchObject({ enrolled: false });
    expect((await signIn('arg', 'collector@arg.example')).login.second_factor_required).toBeUndefined();

    const again = await enrol('arg', 'collector@arg.example');
    expect((await again.client.post('/api/arg/auth/second-factor/disable', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect(await t.app.db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, id))).toHaveLength(0);
  });

  it('an admin resets a user’s factor: it is gone, their sessions end, the log names the admin', async () => {
    const { client: c } = await enrol('arg', 'seller@arg.example');
    const id = await idOf('seller@arg.example');
    const listed = await admin.get('/api/arg/users?page=1&q=seller%40arg');
    const rows = listResponseSchema(adminUserSchema).parse(listed.json()).rows;
    expect(rows.find((r) => r.id === id)?.second_factor).toBe(true);

    expect((await c.post(`/api/arg/users/${id}/second-factor/reset`, {})).statusCode).toBe(403);
    const reset = await admin.post(`/api/arg/users/${id}/second-factor/reset`, {});
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await c.get('/api/arg/auth/user-info')).statusCode).toBe(401);
    const [event] = await eventsOf(id, 'second_factor_reset');
    expect(event).toMatchObject({ actorId: adminId, details: { sessions_ended: 1 } });
    expect((await signIn('arg', 'seller@arg.example')).login.second_factor_required).toBeUndefined();
    expect((await admin.post(`/api/arg/users/${id}/second-factor/reset`, {})).statusCode).toBe(409);
    const colUser = await idOf('admin@col.example');
    expect((await admin.post(`/api/arg/users/${colUser}/second-factor/reset`, {})).statusCode).toBe(404);
  });

  it('a role kind an admin requires it of: after the password the session can only enrol; it cannot be disabled', async () => {
    const auditorId = await idOf('audit@col.example');
    const colAdmin = (await signIn('col', 'admin@col.example')).client;
    const bad = await colAdmin.put('/api/col/users/second-factor-roles', { kinds: ['auditor', 'nobody'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('kinds.1');
    const set = await colAdmin.put('/api/col/users/second-factor-roles', { kinds: ['auditor'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ kinds: ['auditor'] });
    expect((await colAdmin.get('/api/col/users/second-factor-roles')).json()).toEqual({ kinds: ['auditor'] });
    // Per country: arg's setting is untouched.
    expect((await admin.get('/api/arg/users/second-factor-roles')).json()).toEqual({ kinds: [] });
    const [changed] = await t.app.db.select().from(securityEvents).where(eq(securityEvents.type, 'second_factor_roles_changed'));
    expect(changed).toMatchObject({ country: 'col', actorId: await idOf('admin@col.example'), details: { from: [], to: ['auditor'] } });
    const auditorSelf = (await signIn('col', 'audit@col.example')).client;
    expect((await auditorSelf.put('/api/col/users/second-factor-roles', { kinds: [] })).statusCode).toBe(403);

    const { client: c, login } = await signIn('col', 'audit@col.example');
    expect(login.second_factor_enrolment_required).toBe(true);
    const held = await c.get('/api/col/auth/sessions');
    expect(held.statusCode).toBe(403);
    expect(held.json().message).toBe(inVoice('col', MESSAGES.mustEnrolSecondFactor));
    expect((await c.get('/api/col/audits?page=1')).statusCode).toBe(403);
    expect(userInfoSchema.parse((await c.get('/api/col/auth/user-info')).json()).second_factor_enrolment_required).toBe(true);
    expect((await c.get('/api/col/auth/second-factor')).json()).toEqual({ enrolled: false, required: true, recovery_codes_left: 0 });

    const { secret } = secondFactorEnrolmentSchema.parse((await c.post('/api/col/auth/second-factor/enrolment', {})).json());
    expect((await c.post('/api/col/auth/second-factor/enrolment/confirm', { code: codeAt(secret, -1) })).statusCode).toBe(200);
    expect((await c.get('/api/col/auth/sessions')).statusCode).toBe(200);
    const refused = await c.post('/api/col/auth/second-factor/disable', { code: codeAt(secret) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(inVoice('col', SECOND_FACTOR_MESSAGES.requiredByRole));
    expect(await eventsOf(auditorId, 'second_factor_disabled')).toHaveLength(0);

    // The next sign-in asks the code, as any enrolled user's.
    expect((await signIn('col', 'audit@col.example')).login).toMatchObject({ second_factor_required: true });
    expect((await colAdmin.put('/api/col/users/second-factor-roles', { kinds: [] })).json()).toEqual({ kinds: [] });
  });
});
