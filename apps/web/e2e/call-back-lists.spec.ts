import { addDays, formatDateTime, isClosedStatus, MESSAGES, todayIn, type LeadListResponse, type SaleDetail } from '@backoffice/shared';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { COUNTRY, REMINDED_SELLERS, resolveEveryCallBack, signIn, typeDate, api } from './support';

/*
 * A call back booked, postponed or resolved shows at once, without a reload, on the screens already visited:
 * /sales sorted by 'Próxima llamada' (its cached page, well inside the queries' 30 s staleTime) and the sale
 * detail left open under the reminder. Every call back this file books is resolved at the end, so other
 * files signing in as the same seller see no reminder.
 */

const SELLER = `seller@${COUNTRY}.example`;
// Each test walks the list, the detail and back (twice for the reminder): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });
/** A full page load (the app’s own code, its session check) was seen to take over 15 s on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

async function writeHeaders(page: Page) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN');
  expect(xsrf, 'the XSRF cookie after signing in').toBeDefined();
  return { 'X-XSRF-TOKEN': xsrf!.value };
}

async function sale(page: Page, id: number): Promise<SaleDetail> {
  const res = await page.request.get(`/api/${COUNTRY}/sales/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as SaleDetail;
}

/** The seller's sales still being worked with no call back pending (nothing of another file's on them). */
async function freeSales(page: Page): Promise<LeadListResponse['rows']> {
  const own = (await (await page.request.get(`/api/${COUNTRY}/sales?pageSize=100`)).json()) as LeadListResponse;
  const free = own.rows.filter((row) => !isClosedStatus(COUNTRY, row.status_id) && row.next_call_at === null);
  expect(free.length, 'the seller has sales being worked without call backs').toBeGreaterThan(1);
  return free;
}

async function resolvePending(page: Page, id: number): Promise<void> {
  for (const call of (await sale(page, id)).scheduled_calls) {
    expect(
      (await page.request.get(`/api/${COUNTRY}/sales/resolve-call?id=${call.id}`, { headers: (await api(page)).headers })).status(),
    ).toBe(200);
  }
}

// Whatever a test left pending (it failed half-way) is resolved, so no later spec's seller meets its reminder.
test.afterEach(async ({ baseURL }) => {
  for (const email of REMINDED_SELLERS) await resolveEveryCallBack(baseURL!, email);
});

/** The /sales row of a sale, and its 'Próxima llamada' cell. */
function saleRow(page: Page, id: number) {
  const row = page
    .getByRole('grid', { name: 'Ventas' })
    .locator('.MuiDataGrid-row')
    .filter({ has: page.getByRole('link', { name: `#${id}`, exact: true }) });
  return { row, nextCall: row.locator('[data-field="next_call_at"]') };
}

test('a call back booked on the sale detail shows on /sales sorted by the next call, back without a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/sales$/);
  const [picked] = await freeSales(page);

  // The list, narrowed to the sale and sorted by the next call with a click on its header: none yet.
  await page.goto(`/sales?q=${picked.customer.doc_number}`);
  const { row, nextCall } = saleRow(page, picked.id);
  await page.getByRole('grid', { name: 'Ventas' }).getByRole('columnheader', { name: 'Próxima llamada' }).click();
  await expect(page).toHaveURL(/[?&]sort=next_call_at&dir=asc/);
  await expect(nextCall).toHaveText('—');

  await row.getByRole('link', { name: `#${picked.id}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/sale-detail\\?id=${picked.id}$`));
  await expect(page.getByRole('form', { name: 'Programar llamada' })).toBeVisible();
  const [y, m, d] = addDays(todayIn(COUNTRY), 1).split('-');
  await typeDate(page, page.getByRole('group', { name: 'Fecha y hora', exact: true }), `${d}/${m}/${y} 14:45`);
  await page.getByRole('button', { name: 'Programar llamada' }).click();
  await expect(page.getByRole('list', { name: 'Llamadas pendientes' })).toContainText(`${d}/${m}/${y}, 14:45`);

  // Back (the browser's, no reload): the list's page, asked a moment ago, shows the booking.
  const loads = { count: 0 };
  page.on('load', () => (loads.count += 1));
  await page.goBack();
  await expect(page).toHaveURL(/\/sales\?.*sort=next_call_at&dir=asc/);
  await expect(nextCall).toHaveText(`${d}/${m}/${y}, 14:45`);
  expect(loads.count, 'no page load').toBe(0);
});

test('a reminder answered refreshes the sale detail open under it and the lists: Posponer, then Aceptar', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1600, height: 1000 });
  // The reminder comes from the poll at start alone (held below until the screens are on show): the realtime
  // bridge, which would ask at once, is off.
  await page.context().route('**/api/realtime', (route) => route.fulfill({ json: { enabled: false, url: null, path: '/socket.io' } }));
  await signIn(page, SELLER);
  await expect(page).toHaveURL(/\/sales$/);
  // Not the sale the other test of this file books on.
  const picked = (await freeSales(page))[1];
  const listUrl = `/sales?q=${picked.customer.doc_number}&sort=next_call_at&dir=asc`;
  const { row, nextCall } = saleRow(page, picked.id);
  const pending = page.getByRole('list', { name: 'Llamadas pendientes' });
  const reminder = page.getByRole('dialog', { name: MESSAGES.reminderTitle });
  /** What the reminder's polls wait for before they are sent. */
  let held = Promise.resolve();
  await page.route('**/sales/schedule-calls', async (route) => {
    await held;
    await route.continue();
  });

  /**
   * A call back falling due in a moment; then the app loads at the sorted list (showing it), the sale detail
   * is opened from it, and only then does the reminder's poll at start get its answer: the due call back.
   */
  const dueUnderOpenDetail = async (): Promise<string> => {
    const at = new Date(Date.now() + 2_000).toISOString();
    const answer = await page.request.post(`/api/${COUNTRY}/sales/${picked.id}/call-back`, {
      data: { at },
      headers: await writeHeaders(page),
    });
    expect(answer.status(), await answer.text()).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const due = (await sale(page, picked.id)).next_call_at!;
    let release!: () => void;
    held = new Promise<void>((resolve) => (release = resolve));
    await page.goto(listUrl);
    await expect(nextCall).toHaveText(formatDateTime(COUNTRY, due));
    await row.getByRole('link', { name: `#${picked.id}`, exact: true }).click();
    await expect(pending).toContainText(formatDateTime(COUNTRY, due));
    await expect(reminder).toHaveCount(0);
    release();
    await expect(reminder).toContainText(`Lead #${picked.id}`);
    return due;
  };

  // Posponer: the detail shows the new time instead of the due one, and so does the list, back.
  const due = await dueUnderOpenDetail();
  await reminder.getByRole('button', { name: 'Posponer' }).click();
  await page.getByRole('dialog', { name: MESSAGES.confirmTitle }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(MESSAGES.callPostponed)).toBeVisible();
  await expect(reminder).toBeHidden();
  const postponed = (await sale(page, picked.id)).next_call_at!;
  expect(formatDateTime(COUNTRY, postponed)).not.toBe(formatDateTime(COUNTRY, due));
  await expect(pending).toContainText(formatDateTime(COUNTRY, postponed));
  await expect(pending).not.toContainText(formatDateTime(COUNTRY, due));
  await expect(page.getByTestId('timeline-item').first()).toContainText('Llamada pospuesta');
  await page.goBack();
  await expect(nextCall).toHaveText(formatDateTime(COUNTRY, postponed));

  // Aceptar: resolved (and called), nothing pending left: the list, back, shows no next call.
  await resolvePending(page, picked.id);
  await dueUnderOpenDetail();
  await reminder.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText(MESSAGES.callResolved)).toBeVisible();
  await expect(reminder).toBeHidden();
  await expect(pending).toHaveCount(0);
  await page.goBack();
  await expect(nextCall).toHaveText('—');

  // Hang up the simulated call, so the seller's next call starts clean.
  const me = (await (await page.request.get(`/api/${COUNTRY}/auth/user-info`)).json()) as { neotel_id: number };
  await page.request.post(`/api/${COUNTRY}/customers/calls/hang-up`, { data: { user: me.neotel_id }, headers: await writeHeaders(page) });
});
