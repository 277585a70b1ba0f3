import {
  CALL_REMINDER_POLL_MS,
  COUNTRY_TIME_ZONE,
  MESSAGES,
  formatDate,
  buildCuil,
  isClosedStatus,
  type LeadListResponse,
  type SaleDetail,
} from '@backoffice/shared';
import { expect, test, type Page, type Route } from '@playwright/test';
import { COUNTRY, REMINDED_SELLERS, resolveEveryCallBack, signIn, snapshotOtherTabsOnFailure, api } from './support';

snapshotOtherTabsOnFailure();

/*
 * SPEC 2, 4, 5, 8: the call reminder modal with the browser clock under control (page.clock). The server's
 * clock is real, so a call back is scheduled a couple of seconds ahead (the API takes future times only),
 * becomes due, and the browser's clock is moved on to the next 180000 ms poll. Every call back this file
 * leaves pending is resolved at the end, so other files signing in as the same seller see no reminder.
 */

const SELLER = `seller@${COUNTRY}.example`;
/** Demo seller with neotel_id 0 (seed.ts). */
const SELLER_WITHOUT_TELEPHONY = `vendedor.sin.neotel@${COUNTRY}.example`;
const DUE_IN_MS = 2_000;

// Whatever a test left pending (it failed half-way) is resolved, so no later spec's seller meets its reminder.
test.afterEach(async ({ baseURL }) => {
  for (const email of REMINDED_SELLERS) await resolveEveryCallBack(baseURL!, email);
});

async function writeHeaders(page: Page) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  expect(xsrf, 'the XSRF cookie after signing in').toBeDefined();
  return { 'X-XSRF-TOKEN': xsrf!.value };
}

/** A call back due in DUE_IN_MS, then waits (real time) until the server sees it due. */
async function dueCallBack(page: Page, leadId: number): Promise<void> {
  const at = new Date(Date.now() + DUE_IN_MS).toISOString();
  const res = await page.request.post(`/api/${COUNTRY}/sales/${leadId}/call-back`, { data: { at }, headers: await writeHeaders(page) });
  expect(res.status(), await res.text()).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, DUE_IN_MS + 500));
}

/** The ids of the seller's sales still being worked: a closed one takes no call backs. */
async function openSales(page: Page): Promise<number[]> {
  const own = (await (await page.request.get(`/api/${COUNTRY}/sales?pageSize=100`)).json()) as LeadListResponse;
  const open = own.rows.filter((row) => !isClosedStatus(COUNTRY, row.status_id)).map((row) => row.id);
  expect(open.length, 'the seller has sales still being worked').toBeGreaterThan(1);
  return open;
}

async function sale(page: Page, id: number): Promise<SaleDetail> {
  const res = await page.request.get(`/api/${COUNTRY}/sales/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as SaleDetail;
}

/** Resolves whatever the lead still has pending (the follow-up of a postponement). */
async function resolvePending(page: Page, id: number): Promise<void> {
  for (const call of (await sale(page, id)).scheduled_calls) {
    expect(
      (await page.request.get(`/api/${COUNTRY}/sales/resolve-call?id=${call.id}`, { headers: (await api(page)).headers })).status(),
    ).toBe(200);
  }
}

/** The server-formatted HH:mm of the modal: the country's time. */
const hourMinute = (iso: string) =>
  new Intl.DateTimeFormat('es-AR', { timeZone: COUNTRY_TIME_ZONE[COUNTRY], hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

/** Counts the app's own calls to a path. */
function track(page: Page, fragment: string): { count: () => number } {
  let n = 0;
  page.on('request', (request) => {
    if (request.url().includes(fragment)) n += 1;
  });
  return { count: () => n };
}

// The realtime bridge's 'call-reminder:due' makes the app ask at once; this file checks the SPEC polling alone,
// so the bridge is switched off for its pages.
test.beforeEach(async ({ context }) => {
  await context.route('**/api/realtime', (route) => route.fulfill({ json: { enabled: false, url: null, path: '/socket.io' } }));
});

test('a seller gets the reminder at the next poll: Posponer asks and closes, Aceptar resolves and calls', async ({ page }) => {
  await page.clock.install();
  const polls = track(page, '/sales/schedule-calls');
  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/sales$/);
  await expect.poll(() => polls.count(), { message: 'polled once at start' }).toBe(1);

  const lead = await sale(page, (await openSales(page))[0]);
  await dueCallBack(page, lead.id);
  const dialog = page.getByRole('dialog', { name: MESSAGES.reminderTitle });
  await expect(dialog).toBeHidden();

  // The next poll, 180000 ms later by the page's clock.
  await page.clock.fastForward(CALL_REMINDER_POLL_MS);
  await expect(dialog).toBeVisible();
  expect(polls.count()).toBe(2);
  const due = (await sale(page, lead.id)).scheduled_calls[0];
  await expect(dialog.getByText(`Lead #${lead.id}`)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Nombre' })).toHaveValue(lead.customer.first_name);
  await expect(dialog.getByRole('textbox', { name: 'Horario' })).toHaveValue(hourMinute(due.schedule_time));
  await expect(dialog.getByRole('textbox', { name: 'Celular' })).toHaveValue(lead.customer.cellphone ?? '');
  await expect(dialog.getByRole('textbox', { name: 'Celular' })).toHaveAttribute('readonly', '');
  await expect(dialog.getByRole('button', { name: 'Copiar Celular' })).toBeEnabled();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await dialog.getByRole('button', { name: 'Copiar Celular' }).click();
  await expect(page.getByText(MESSAGES.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(lead.customer.cellphone);

  // Posponer: the confirmation first (Cancelar keeps the reminder), then the postponement.
  await dialog.getByRole('button', { name: 'Posponer' }).click();
  const confirm = page.getByRole('dialog', { name: MESSAGES.confirmTitle });
  await expect(confirm.getByText(MESSAGES.postponeConfirm)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Posponer' }).click();
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(MESSAGES.callPostponed)).toBeVisible();
  await expect(dialog).toBeHidden();
  const afterPostpone = await sale(page, lead.id);
  expect(afterPostpone.timeline[0].type).toBe('call_postponed');
  await resolvePending(page, lead.id);

  // A new due call back differs from the previous answer: the reminder opens again. Aceptar resolves it and
  // calls; both messages are shown together (the second one does not replace the first).
  await dueCallBack(page, lead.id);
  const starts = track(page, '/customers/calls/start');
  await page.clock.fastForward(CALL_REMINDER_POLL_MS);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(MESSAGES.callStarted)).toBeVisible();
  await expect(page.getByText(MESSAGES.callResolved)).toBeVisible();
  expect(starts.count()).toBe(1);
  const timeline = (await sale(page, lead.id)).timeline.map((entry) => entry.type);
  expect(timeline.slice(0, 2)).toEqual(['call', 'call_resolved']);
  await resolvePending(page, lead.id);
  // Hang up the simulated call, so the seller's next call starts clean.
  const me = (await (await page.request.get(`/api/${COUNTRY}/auth/user-info`)).json()) as { neotel_id: number };
  await page.request.post(`/api/${COUNTRY}/customers/calls/hang-up`, { data: { user: me.neotel_id }, headers: await writeHeaders(page) });
});

test('a seller without a telephony user gets the exact error and nothing is called; the call button says the same', async ({ page }) => {
  await page.clock.install();
  await signIn(page, SELLER_WITHOUT_TELEPHONY);
  await expect(page).toHaveURL(/\/sales$/);
  // This demo seller has no leads: they create one (assigned to them).
  const doc = String(30_000_000 + (Date.now() % 9_000_000));
  const body =
    COUNTRY === 'arg'
      ? { doc_number: doc, cuil: buildCuil(doc, 'female'), cellphone: '1155667788', requested_amount: 50_000 }
      : { doc_number: doc, cellphone: '3005556677', requested_amount: 2_000_000 };
  const created = await page.request.post(`/api/${COUNTRY}/leads`, {
    headers: await writeHeaders(page),
    data: { ...body, first_name: 'Rocío', last_name: 'Sin Neotel', birth_date: '1990-01-15', email: `rocio.${doc}@example.com`, term: 12 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await dueCallBack(page, id);

  // Polled once at start: a reload finds it due.
  const telephony = track(page, '/customers/calls/');
  await page.reload();
  const dialog = page.getByRole('dialog', { name: MESSAGES.reminderTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Rocío');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText(MESSAGES.noNeotelUser)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await sale(page, id)).timeline[0].type).toBe('call_resolved');

  // The call button of the sale detail is not offered: disabled, with the same reason shown beside it.
  await page.goto(`/sale-detail?id=${id}`);
  const call = page.getByRole('button', { name: 'Llamar' });
  await expect(call).toBeDisabled();
  await expect(call).toHaveAccessibleDescription(MESSAGES.noNeotelUser);
  await expect(page.getByText(MESSAGES.noNeotelUser)).toBeVisible();
  expect(telephony.count()).toBe(0);
});

test('Llamar: disabled with the reason for a user without telephony, a seller calls', async ({ page, browser }, testInfo) => {
  // The supervisor has no telephony user (neotel_id 0): the lead detail does not offer the call. Calling is no
  // part of their work, so no standing error on every lead: the reason is the disabled button's tooltip.
  await signIn(page, `supervisor@${COUNTRY}.example`);
  await expect(page).not.toHaveURL(/\/login$/);
  const leads = (await (await page.request.get(`/api/${COUNTRY}/leads?pageSize=25`)).json()) as LeadListResponse;
  expect(leads.rows.length).toBeGreaterThan(0);
  await page.goto(`/lead-detail?id=${leads.rows[0].id}`);
  const disabled = page.getByRole('button', { name: 'Llamar' });
  await expect(disabled).toBeDisabled();
  const reason = 'No tienes un usuario de neotel asignado';
  await expect(disabled).toHaveAccessibleDescription(reason);
  await expect(page.getByText(MESSAGES.noNeotelUser)).toHaveCount(0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.getByTestId('call-button-wrapper').hover();
  await expect(page.getByRole('tooltip')).toHaveText(reason);

  // A seller (who has one) still calls from the sale detail.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  await context.route('**/api/realtime', (route) => route.fulfill({ json: { enabled: false, url: null, path: '/socket.io' } }));
  const seller = await context.newPage();
  await signIn(seller, SELLER);
  await expect(seller).toHaveURL(/\/sales$/);
  const [id] = await openSales(seller);
  await seller.goto(`/sale-detail?id=${id}`);
  const call = seller.getByRole('button', { name: 'Llamar' });
  await expect(call).toBeEnabled();
  await expect(seller.getByText(MESSAGES.noNeotelUser)).toHaveCount(0);
  // A number that is not the customer's (what a detail loaded before the number changed would send): the
  // server refuses it naming cellphone, nothing is called, and the web says why rather than blaming Neotel.
  const stranger = COUNTRY === 'arg' ? '1199998888' : '3109998877';
  await seller.route('**/customers/calls/start', (route) =>
    route.continue({ postData: JSON.stringify({ ...(route.request().postDataJSON() as object), cellphone: stranger }) }),
  );
  const refused = seller.waitForResponse((response) => response.url().includes('/customers/calls/start'));
  await call.click();
  expect((await refused).status()).toBe(409);
  await expect(seller.getByText(`El celular no es el del cliente del lead ${id}`, { exact: false })).toBeVisible();
  await expect(seller.getByText(MESSAGES.neotelLoginError)).toHaveCount(0);
  await seller.unroute('**/customers/calls/start');
  await expect(call).toBeEnabled();
  const started = seller.waitForResponse((response) => response.url().includes('/customers/calls/start'));
  await call.click();
  expect((await started).status()).toBe(200);
  await expect(seller.getByText(MESSAGES.callStarted)).toBeVisible();
  // Hang up the simulated call, so the seller's next call starts clean.
  const me = (await (await seller.request.get(`/api/${COUNTRY}/auth/user-info`)).json()) as { neotel_id: number };
  await seller.request.post(`/api/${COUNTRY}/customers/calls/hang-up`, {
    data: { user: me.neotel_id },
    headers: await writeHeaders(seller),
  });
  await context.close();
});

test('other roles never poll nor see the reminder', async ({ browser }, testInfo) => {
  for (const email of [`admin@${COUNTRY}.example`, `supervisor@${COUNTRY}.example`, `seller_wo_assignation@${COUNTRY}.example`]) {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    await context.route('**/api/realtime', (route) => route.fulfill({ json: { enabled: false, url: null, path: '/socket.io' } }));
    const page = await context.newPage();
    await page.clock.install();
    const polls = track(page, '/sales/schedule-calls');
    await signIn(page, email);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.clock.fastForward(CALL_REMINDER_POLL_MS * 2);
    await page.waitForTimeout(300);
    expect(polls.count(), email).toBe(0);
    await expect(page.getByRole('dialog', { name: MESSAGES.reminderTitle })).toHaveCount(0);
    await context.close();
  }
});

test('a 401 on the polling logs out locally and calls the logout endpoint', async ({ page }) => {
  await page.clock.install();
  // The poll at start answered, so the session ends before the interval's poll only.
  const started = page.waitForResponse((response) => response.url().includes('/sales/schedule-calls') && response.ok());
  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/sales$/);
  await started;
  const logouts = track(page, '/auth/logout');
  // The server session ends behind the app's back (expiry, sign-out elsewhere).
  const ended = await page.request.get(`/api/${COUNTRY}/auth/logout`, { headers: (await api(page)).headers });
  expect(ended.status()).toBe(200);
  const unauthorized = page.waitForResponse((response) => response.url().includes('/sales/schedule-calls') && response.status() === 401);
  await page.clock.fastForward(CALL_REMINDER_POLL_MS);
  await unauthorized;
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => logouts.count()).toBe(1);
  expect(await page.evaluate((country) => localStorage.getItem(`${country}_logged_in`), COUNTRY)).toBeNull();
});

test('two polls refused together (the session ended before the first answered) log out once', async ({ page }) => {
  await page.clock.install();
  // Both answers wait until both polls are asked: the one at start and the interval's.
  const refused: Route[] = [];
  let bothAsked: () => void;
  const asked = new Promise<void>((resolve) => (bothAsked = resolve));
  await page.route('**/sales/schedule-calls', async (route) => {
    refused.push(route);
    if (refused.length === 2) bothAsked();
    await asked;
    await route.fulfill({ status: 401, json: { statusCode: 401, error: 'Unauthorized', statusMessage: 'Sesión expirada' } });
  });
  const logouts = track(page, '/auth/logout');
  await signIn(page, SELLER);
  await expect.poll(() => refused.length).toBe(1);
  await page.clock.fastForward(CALL_REMINDER_POLL_MS);
  await asked;
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => logouts.count()).toBe(1);
  await page.waitForTimeout(500);
  expect(logouts.count()).toBe(1);
});

test('a refused resolve shows the server’s statusMessage; an answer without one the generic error', async ({ page }) => {
  await page.clock.install();
  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/sales$/);
  const leadId = (await openSales(page))[1];
  const dialog = page.getByRole('dialog', { name: MESSAGES.reminderTitle });

  // Resolved elsewhere (another tab) while the reminder is open: the server says why, nothing is called.
  await dueCallBack(page, leadId);
  await page.clock.fastForward(CALL_REMINDER_POLL_MS);
  await expect(dialog).toBeVisible();
  await resolvePending(page, leadId);
  const telephony = track(page, '/customers/calls/');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Esta llamada ya fue resuelta, pospuesta o cancelada')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(telephony.count()).toBe(0);

  // No statusMessage in the answer (a proxy's error page): 'Ocurrió un error inesperado'; the modal closes.
  await dueCallBack(page, leadId);
  await page.clock.fastForward(CALL_REMINDER_POLL_MS);
  await expect(dialog).toBeVisible();
  await page.route('**/sales/postpone-call**', (route) =>
    route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
  );
  await dialog.getByRole('button', { name: 'Posponer' }).click();
  await page.getByRole('dialog', { name: MESSAGES.confirmTitle }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(MESSAGES.unexpectedError)).toBeVisible();
  await expect(dialog).toBeHidden();
  await resolvePending(page, leadId);
});

test('the reminder says when the call back was due and how many wait, links its lead, and Esc only hides it', async ({ page }) => {
  await page.clock.install();
  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/sales$/);
  const lead = await sale(page, (await openSales(page))[0]);
  // A call back due a day and a bit ago, with two more behind it (the server's clock is real: the answer is staged).
  const due = new Date(Date.now() - 26 * 60 * 60_000).toISOString();
  const answer = {
    id: 999_999,
    lead_id: lead.id,
    first_name: lead.customer.first_name,
    cellphone: lead.customer.cellphone ?? '',
    schedule_time: due,
    due_count: 3,
  };
  await page.route('**/sales/schedule-calls', (route) => route.fulfill({ json: answer }));
  const postpones = track(page, '/sales/postpone-call');
  const resolves = track(page, '/sales/resolve-call');

  await page.clock.fastForward(CALL_REMINDER_POLL_MS);
  const dialog = page.getByRole('dialog', { name: MESSAGES.reminderTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('call-reminder-when')).toHaveText(`Programada para el ${formatDate(COUNTRY, due)} · atrasada hace 1 día`);
  await expect(dialog.getByText('1 de 3')).toBeVisible();
  await expect(dialog.getByRole('link', { name: `Lead #${lead.id}` })).toHaveAttribute('href', `/sale-detail?id=${lead.id}`);
  await expect(dialog.getByRole('button', { name: 'Aceptar y llamar' })).toHaveText('Aceptar');

  // Esc puts it aside: nothing is postponed nor resolved, and the next poll brings the same reminder back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: MESSAGES.confirmTitle })).toHaveCount(0);
  await page.clock.fastForward(CALL_REMINDER_POLL_MS);
  await expect(dialog).toBeVisible();
  expect(postpones.count()).toBe(0);
  expect(resolves.count()).toBe(0);

  // The lead's link opens its sale detail; the reminder steps aside for it.
  await dialog.getByRole('link', { name: `Lead #${lead.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/sale-detail\\?id=${lead.id}$`));
  await expect(dialog).toBeHidden();
  expect(postpones.count() + resolves.count()).toBe(0);
});
