import { SOCKET_MAX_ATTEMPTS, SOCKET_RETRY_DELAY_MS } from '@backoffice/shared';
import { expect, test } from '@playwright/test';
import { ROLES, demoEmail } from './roles-fixture';
import { COUNTRY, PASSWORD, say, signInAndWait } from './support';

/*
 * The realtime bridge in the browser (SPEC 4, 8, 9; issue 5): a lead assigned to the signed-in seller shows a
 * toast at once, through the socket; with the bridge unreachable the client tries 5 times, 5000 ms apart by
 * the page's clock, then warns once and stops.
 */

const E2E_BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
const emailOf = (kind: string) =>
  demoEmail(
    COUNTRY,
    ROLES[COUNTRY].find((r) => r.kind === kind)!,
  );
const api = (path: string) => `${E2E_BASE_URL}/api/${COUNTRY}/${path}`;

/** Signs in outside the browser and answers the session token (API calls with a Bearer need no XSRF). */
async function tokenOf(email: string): Promise<string> {
  const health = await fetch(`${E2E_BASE_URL}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.getSetCookie().join('; '))![1];
  const res = await fetch(api('auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify({ email, password: PASSWORD, branch_id: COUNTRY === 'arg' ? 1 : 2 }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test('a lead reassigned to the signed-in seller shows the toast at once; reassigned away, their open screen is told and stops offering it', async ({
  page,
}) => {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await signInAndWait(page, emailOf('seller'));
  // Connected: socket.io's CONNECT answer ('40{"sid":…}') arrived.
  const ws = await socket;
  await ws.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40'));
  const sellerId = Number(await page.evaluate((key) => localStorage.getItem(key), `${COUNTRY}_id`));
  expect(sellerId).toBeGreaterThan(0);

  const bearer = { authorization: `Bearer ${await tokenOf(emailOf('supervisor'))}` };
  const list = (await (await fetch(api('leads?pageSize=25'), { headers: bearer })).json()) as {
    rows: { id: number; seller: { id: number } | null }[];
  };
  const leadId = list.rows.find((row) => row.seller?.id !== sellerId)!.id;
  const { version } = (await (await fetch(api(`leads/${leadId}`), { headers: bearer })).json()) as { version: number };
  const res = await fetch(api(`leads/${leadId}/seller`), {
    method: 'PATCH',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: JSON.stringify({ seller_id: sellerId, version }),
  });
  expect(res.status).toBe(200);

  await expect(page.getByText(say(`Se te asignó el lead #${leadId}`), { exact: true })).toBeVisible();
  // It stays in the navbar's notifications after the toast, and opens the application.
  await page.getByRole('button', { name: 'Notificaciones' }).click();
  await page.getByRole('menuitem', { name: say(`Se te asignó el lead #${leadId}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/(sale|lead)-detail\\?id=${leadId}$`));

  // Taken from them while they have it open: told, and the screen stops offering its work.
  await expect(page.getByRole('form', { name: 'Datos del cliente' })).toBeVisible();
  const otherSeller = list.rows.find((row) => row.seller && row.seller.id !== sellerId)!.seller!.id;
  const now = (await (await fetch(api(`leads/${leadId}`), { headers: bearer })).json()) as { version: number };
  const away = await fetch(api(`leads/${leadId}/seller`), {
    method: 'PATCH',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: JSON.stringify({ seller_id: otherSeller, version: now.version }),
  });
  expect(away.status).toBe(200);
  await expect(page.getByText(`El lead #${leadId} se asignó a otro vendedor`, { exact: true })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Datos del cliente' })).toHaveCount(0);
});

test('an unreachable bridge is tried 5 times, 5000 ms apart, then a warning and no more attempts', async ({ page }) => {
  await page.clock.install();
  // Nothing listens on port 9: every connection attempt fails.
  await page.route('**/api/realtime', (route) => route.fulfill({ json: { enabled: true, url: 'http://127.0.0.1:9', path: '/socket.io' } }));
  let attempts = 0;
  let failures = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().startsWith('ws://127.0.0.1:9/')) return;
    attempts += 1;
    ws.once('close', () => (failures += 1));
  });
  /** The page's retry timer starts when the attempt fails: move the clock only after that. */
  const failed = async (n: number) => {
    await expect.poll(() => failures).toBe(n);
    await page.waitForTimeout(200);
  };
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().includes('Realtime bridge')) warnings.push(message.text());
  });

  await signInAndWait(page, emailOf('supervisor'));
  await expect.poll(() => attempts).toBe(1);
  // The installed clock also flows on its own while the test waits (a busy machine's polls take hundreds of
  // ms), so the check before the delay ends leaves it a second of that.
  const margin = 1000;
  for (let n = 2; n <= SOCKET_MAX_ATTEMPTS; n++) {
    await failed(n - 1);
    await page.clock.runFor(SOCKET_RETRY_DELAY_MS - margin);
    expect(attempts).toBe(n - 1);
    await page.clock.runFor(margin);
    await expect.poll(() => attempts).toBe(n);
  }
  await failed(SOCKET_MAX_ATTEMPTS);
  await expect.poll(() => warnings.length).toBe(1);
  await page.clock.runFor(10 * SOCKET_RETRY_DELAY_MS);
  // Give a (wrong) further attempt the time to show.
  await page.waitForTimeout(500);
  expect(attempts).toBe(SOCKET_MAX_ATTEMPTS);
  expect(warnings).toHaveLength(1);
});
