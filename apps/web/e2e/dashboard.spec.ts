import { expect, request, test, type Page } from '@playwright/test';
import {
  addDays,
  CURRENCY,
  DASHBOARD_MAX_DAYS,
  formatMoney,
  isClosedStatus,
  MY_WORK_COUNTS,
  todayIn,
  type DashboardResponse,
  type LeadListResponse,
} from '@backoffice/shared';
import { api, COUNTRY, openCalendar, PASSWORD, REMINDED_SELLERS, resolveEveryCallBack, signInAndWait, typeDate, say } from './support';

const number = new Intl.NumberFormat(CURRENCY[COUNTRY].locale);

/** The dashboard as the signed-in user's API sees it (same cookies as the page). */
async function apiDashboard(page: Page, search = ''): Promise<DashboardResponse> {
  const response = await page.request.get(`/api/${COUNTRY}/dashboard${search}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as DashboardResponse;
}

async function openDashboard(page: Page, email: string) {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAndWait(page, email);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hola');
  await expect(page.getByTestId('dashboard-scope')).toBeVisible();
}

const funnelLabels = (page: Page) => page.getByTestId('block-funnel').locator('.MuiBarChart-label');

test('an admin sees the funnel with the API numbers, and a bar opens the leads of that step', async ({ page }) => {
  await openDashboard(page, `admin@${COUNTRY}.example`);
  const api = await apiDashboard(page);
  expect(api.scope).toBe('country');
  const funnel = api.funnel!;

  const block = page.getByTestId('block-funnel');
  await expect(block.getByRole('heading', { name: 'Embudo por paso' })).toBeVisible();
  // One label per bar, in pipeline order, with the country's number format.
  await expect(funnelLabels(page)).toHaveText(funnel.map((step) => number.format(step.count)));
  for (const step of funnel) await expect(block.locator('svg').getByText(step.label, { exact: true })).toBeVisible();

  await expect(page.getByTestId('kpi-created').getByTestId('kpi-value')).toHaveText(number.format(api.daily!.created_total));
  await expect(page.getByTestId('kpi-disbursed').getByTestId('kpi-value')).toHaveText(number.format(api.daily!.disbursed_total));
  // Money beside the counts, in the country's currency.
  await expect(page.getByTestId('kpi-created').getByTestId('kpi-amount')).toHaveText(
    formatMoney(COUNTRY, api.daily!.requested_amount_total),
  );
  await expect(page.getByTestId('kpi-disbursed').getByTestId('kpi-amount')).toHaveText(
    formatMoney(COUNTRY, api.daily!.disbursed_amount_total),
  );
  await expect(page.getByTestId('audit-size')).toHaveText(number.format(api.audit_queue!.size));
  await expect(page.getByTestId('block-daily')).toBeVisible();
  await expect(page.getByTestId('block-ranking')).toBeVisible();

  const index = funnel.findIndex((step) => step.count > 0);
  expect(index).toBeGreaterThanOrEqual(0);
  // The keyboard reaches the same lists: each step of the funnel's table is a link, shown once focused.
  const link = block.getByRole('link', { name: funnel[index].label, exact: true });
  await link.focus();
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/leads?step=${funnel[index].step_id}`);

  await block.locator('.MuiBarChart-element').nth(index).click();
  await expect(page).toHaveURL(new RegExp(`/leads\\?step=${funnel[index].step_id}$`));
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
});

test('an auditor (who may not open the leads list) is not told to click the bars, and a bar leads nowhere', async ({ page }) => {
  await openDashboard(page, COUNTRY === 'arg' ? 'auditor@arg.example' : 'audit@col.example');
  const api = await apiDashboard(page);
  const funnel = api.funnel!;
  const block = page.getByTestId('block-funnel');
  await expect(block.getByRole('heading', { name: 'Embudo por paso' })).toBeVisible();
  const index = funnel.findIndex((step) => step.count > 0);
  expect(index).toBeGreaterThanOrEqual(0);
  await expect(funnelLabels(page)).toHaveText(funnel.map((step) => number.format(step.count)));
  await expect(block).toContainText('leads hoy en algún paso');
  await expect(block).not.toContainText(/clic/i);
  // No step is a link, and a click on a bar stays on the dashboard.
  await expect(block.getByRole('link')).toHaveCount(0);
  await block.locator('.MuiBarChart-element').nth(index).click();
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/$/);
  await expect(page).not.toHaveURL(/unauthorized/);
});

test('a seller sees only their own blocks and numbers', async ({ page }) => {
  await openDashboard(page, `seller@${COUNTRY}.example`);
  const api = await apiDashboard(page);
  expect(api.scope).toBe('own');
  expect(api.audit_queue).toBeUndefined();
  expect(api.seller_ranking).toBeUndefined();

  await expect(page.getByTestId('dashboard-scope')).toHaveText(say('Tus números'));
  await expect(page.getByRole('heading', { name: say('Tus leads por paso') })).toBeVisible();
  await expect(funnelLabels(page)).toHaveText(api.funnel!.map((step) => number.format(step.count)));
  await expect(page.getByTestId('block-daily')).toBeVisible();
  // The conversion once: its own card, not again among the headline numbers.
  await expect(page.getByTestId('block-conversion')).toBeVisible();
  await expect(page.getByTestId('block-conversion')).toContainText(say('Tu conversión'));
  await expect(page.getByText(say('Tu conversión'), { exact: true })).toHaveCount(1);
  await expect(page.getByTestId('kpi-conversion')).toHaveCount(0);
  await expect(page.getByTestId('block-audit')).toHaveCount(0);
  await expect(page.getByTestId('block-ranking')).toHaveCount(0);
  await expect(page.getByTestId('kpi-audit')).toHaveCount(0);
});

test('a user with nothing in the period reads that, not charts of zeros', async ({ page }) => {
  // What a seller with nothing assigned gets: the real answer with every number zeroed.
  await page.route(
    (url) => url.pathname === `/api/${COUNTRY}/dashboard`,
    async (route) => {
      const real = (await (await route.fetch()).json()) as DashboardResponse;
      const empty: DashboardResponse = {
        ...real,
        funnel: real.funnel!.map((step) => ({ ...step, count: 0 })),
        daily: {
          ...real.daily!,
          created_total: 0,
          disbursed_total: 0,
          requested_amount_total: 0,
          disbursed_amount_total: 0,
          days: real.daily!.days.map((day) => ({ ...day, created: 0, disbursed: 0, requested_amount: 0, disbursed_amount: 0 })),
        },
        conversion: { created: 0, converted: 0, rate: 0, previous: real.conversion!.previous },
        my_work: { counts: real.my_work.counts.map((c) => ({ ...c, count: 0 })), items: [] },
      };
      await route.fulfill({ json: empty });
    },
  );
  await openDashboard(page, `seller@${COUNTRY}.example`);
  await expect(page.getByTestId('block-funnel')).toContainText(say('No tienes leads en ningún paso.'));
  await expect(funnelLabels(page)).toHaveCount(0);
  await expect(page.getByTestId('block-daily')).toContainText('Ninguna solicitud creada ni desembolsada en el período.');
  await expect(page.getByTestId('block-daily').locator('svg')).toHaveCount(0);
  await expect(page.getByTestId('block-conversion')).toContainText('Ningún lead creado en el período.');
  await expect(page.getByTestId('block-conversion')).not.toContainText('0%');
  await expect(page.getByTestId('block-my-work')).toContainText('Nada pendiente por hoy.');
});

test('a seller’s funnel bar opens their sales list filtered by that step', async ({ page }) => {
  await openDashboard(page, `seller@${COUNTRY}.example`);
  const api = await apiDashboard(page);
  const funnel = api.funnel!;
  const block = page.getByTestId('block-funnel');
  await expect(funnelLabels(page)).toHaveText(funnel.map((step) => number.format(step.count)));
  const index = funnel.findIndex((step) => step.count > 0);
  expect(index).toBeGreaterThanOrEqual(0);
  // The keyboard's link and the bar go to /sales (the seller's working list), not to /leads and its pool.
  await expect(block.getByRole('link', { name: funnel[index].label, exact: true })).toHaveAttribute(
    'href',
    `/sales?step=${funnel[index].step_id}`,
  );
  await block.locator('.MuiBarChart-element').nth(index).click();
  await expect(page).toHaveURL(new RegExp(`/sales\\?step=${funnel[index].step_id}$`));
  await expect(page.getByRole('heading', { name: 'Ventas' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Solicitudes sin asignar' })).toHaveCount(0);
});

test('on a 1366×768 laptop the page ends with its last block: no blank space to scroll into below it', async ({ page }) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  // The daily chart's table, hidden for screen readers, is as long as the period (30 rows by default).
  await expect(page.getByRole('table', { name: 'Solicitudes por día', includeHidden: true }).locator('tbody tr')).toHaveCount(30);
  await expect(page.getByTestId('block-daily').locator('svg').first()).toBeVisible();
  const { scrollHeight, lastCard, footer } = await page.evaluate(() => {
    const bottom = (element: Element) => element.getBoundingClientRect().bottom + window.scrollY;
    return {
      scrollHeight: document.documentElement.scrollHeight,
      lastCard: Math.max(...[...document.querySelectorAll('main .MuiCard-root')].map(bottom)),
      footer: bottom(document.querySelector('footer')!),
    };
  });
  // Below the last card only the content's padding and the footer; the page scrolls no further than the footer.
  expect(footer - lastCard).toBeLessThan(120);
  expect(scrollHeight).toBeLessThanOrEqual(Math.ceil(footer) + 1);
});

test('the period lives in the URL', async ({ page }) => {
  await openDashboard(page, `admin@${COUNTRY}.example`);
  await expect(page.getByRole('table', { name: 'Solicitudes por día', includeHidden: true }).locator('tbody tr')).toHaveCount(30);
  await page.getByRole('button', { name: '7 días' }).click();
  await expect(page).toHaveURL(/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('table', { name: 'Solicitudes por día', includeHidden: true }).locator('tbody tr')).toHaveCount(7);

  const url = new URL(page.url());
  const api = await apiDashboard(page, url.search);
  await page.reload();
  await expect(page.getByRole('button', { name: '7 días' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('kpi-created').getByTestId('kpi-value')).toHaveText(number.format(api.daily!.created_total));

  // A typed start (DD/MM/AAAA, whatever the browser's language): three days up to the same end.
  const to = url.searchParams.get('to')!;
  const from = addDays(to, -2);
  const [y, m, d] = from.split('-');
  await typeDate(page, page.getByRole('group', { name: 'Desde' }), `${d}/${m}/${y}`);
  await expect(page).toHaveURL(new RegExp(`\\?from=${from}&to=${to}$`));
  await expect(page.getByRole('table', { name: 'Solicitudes por día', includeHidden: true }).locator('tbody tr')).toHaveCount(3);
  await expect(page.getByRole('button', { name: '7 días' })).toHaveAttribute('aria-pressed', 'false');
  // Typing made one period, not one per key (22 over 18/11 passes through 02/11, then the month's 1 through
  // 22/01): back returns to the seven days.
  await page.goBack();
  await expect(page).toHaveURL(url.toString());
  await expect(page.getByRole('button', { name: '7 días' })).toHaveAttribute('aria-pressed', 'true');

  // A period longer than the dashboard allows (a hand-edited link): the reason in words, and a way back.
  await page.goto(`/?from=${addDays(to, -120)}&to=${to}`);
  await expect(page.getByRole('alert')).toContainText(say(`Revisa el período: El rango admite hasta ${DASHBOARD_MAX_DAYS} días`));
  // The fields show the link's period, and no preset is lit as if it were the one shown.
  const shownIn = (field: string) =>
    page.getByRole('group', { name: field }).evaluate((element) => element.textContent!.replace(/[^\d/]/g, ''));
  await expect.poll(() => shownIn('Desde')).toBe(addDays(to, -120).split('-').reverse().join('/'));
  for (const days of [7, 30, 90])
    await expect(page.getByRole('group', { name: 'Período' }).getByRole('button', { name: `${days} días`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  await page.getByRole('button', { name: 'Últimos 30 días' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('table', { name: 'Solicitudes por día', includeHidden: true }).locator('tbody tr')).toHaveCount(30);
});

test('the period ends today at the latest; a start further back than the dashboard allows moves the end with it', async ({ page }) => {
  await openDashboard(page, `admin@${COUNTRY}.example`);
  const today = todayIn(COUNTRY);
  // The end: no later month, no day after today.
  const calendar = await openCalendar(page, page.getByRole('group', { name: 'Hasta' }));
  await expect(calendar.getByRole('button', { name: 'Mes siguiente' })).toBeDisabled();
  const days = calendar.getByRole('gridcell');
  for (const day of await days.all()) {
    const number = Number(await day.textContent());
    if (number > Number(today.slice(8))) await expect(day).toBeDisabled();
  }
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();

  // A start typed in the future is not taken: the field says which dates it takes, the period stays.
  const shown = (day: string) => day.split('-').reverse().join('/');
  const from = page.getByRole('group', { name: 'Desde' });
  await typeDate(page, from, shown(addDays(today, 7)));
  await expect(page.getByText(say(`Elige una fecha hasta el ${shown(today)}`))).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A start months back (more than DASHBOARD_MAX_DAYS before the end): the end follows, the period stays whole.
  const start = addDays(today, -200);
  await typeDate(page, from, shown(start));
  await expect(page).toHaveURL(new RegExp(`\\?from=${start}&to=${addDays(start, DASHBOARD_MAX_DAYS - 1)}$`));
  await expect(page.getByText(new RegExp(`^${say('Elige una fecha')}`))).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Solicitudes por día', includeHidden: true }).locator('tbody tr')).toHaveCount(
    DASHBOARD_MAX_DAYS,
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
});

// The call backs a test books for the seller are resolved after it, passed or failed: no later spec meets their reminder.
test.afterEach(async ({ baseURL }) => {
  for (const email of REMINDED_SELLERS) await resolveEveryCallBack(baseURL!, email);
});

const percentChange = new Intl.NumberFormat(CURRENCY[COUNTRY].locale, {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});

test('each figure is told against the previous period of equal length, with an arrow named for screen readers', async ({ page }) => {
  await openDashboard(page, `admin@${COUNTRY}.example`);
  const api = await apiDashboard(page);
  const { daily } = api;
  expect(daily!.previous.to).toBe(addDays(api.from, -1));
  expect(daily!.previous.from).toBe(addDays(api.from, -30));
  const checks: [string, string, number, number][] = [
    ['kpi-created', 'kpi-delta', daily!.created_total, daily!.previous.created_total],
    ['kpi-created', 'kpi-amount-delta', daily!.requested_amount_total, daily!.previous.requested_amount_total],
    ['kpi-disbursed', 'kpi-delta', daily!.disbursed_total, daily!.previous.disbursed_total],
    ['kpi-disbursed', 'kpi-amount-delta', daily!.disbursed_amount_total, daily!.previous.disbursed_amount_total],
  ];
  for (const [card, id, now, before] of checks) {
    const delta = page.getByTestId(card).getByTestId(id);
    const direction = now > before ? 'up' : now < before ? 'down' : 'same';
    await expect(delta, `${card} ${id}`).toHaveAttribute('data-direction', direction);
    await expect(delta.getByRole('img')).toHaveAccessibleName({ up: 'Sube', down: 'Baja', same: 'Sin cambio' }[direction]);
    if (direction === 'same') await expect(delta).toContainText('igual que en el período anterior');
    else if (before === 0) await expect(delta).toContainText('el período anterior no tuvo ninguna');
    else await expect(delta).toContainText(`${percentChange.format((now - before) / before)} vs. período anterior`);
  }
  // The seeded demo has applications in both periods.
  expect(daily!.previous.created_total).toBeGreaterThan(0);
  await expect(page.getByTestId('block-conversion').getByTestId('conversion-delta')).toContainText(
    /p\. p\. vs\. período anterior|igual que en el período anterior/,
  );
});

test('the daily chart draws each magnitude on its own scale: counts and money never share an axis', async ({ page }) => {
  await openDashboard(page, `admin@${COUNTRY}.example`);
  const api = await apiDashboard(page);
  const block = page.getByTestId('block-daily');
  const panels: [string, string, string][] = [
    ['created', 'Creadas', number.format(api.daily!.created_total)],
    ['disbursed', 'Desembolsadas', number.format(api.daily!.disbursed_total)],
    ['requested_amount', 'Monto solicitado', formatMoney(COUNTRY, api.daily!.requested_amount_total)],
    ['disbursed_amount', 'Monto desembolsado', formatMoney(COUNTRY, api.daily!.disbursed_amount_total)],
  ];
  for (const [measure, title, total] of panels) {
    const panel = block.getByTestId(`daily-${measure}`);
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(`${title}: ${total}`);
    // One chart, one series, one value axis per panel.
    await expect(panel.locator('svg .MuiLineChart-root, svg [class*="MuiLineChart-line"]').first()).toBeAttached();
    await expect(panel.locator('.MuiChartsAxis-directionY')).toHaveCount(1);
  }
  // The numbers for screen readers: every day, its counts and its money.
  const table = page.getByRole('table', { name: 'Solicitudes por día', includeHidden: true });
  await expect(table.locator('thead th')).toHaveText(['Día', 'Creadas', 'Desembolsadas', 'Monto solicitado', 'Monto desembolsado']);
  const busiest = api.daily!.days.reduce((best, day) => (day.requested_amount > best.requested_amount ? day : best));
  const row = table.locator('tbody tr').nth(api.daily!.days.indexOf(busiest));
  await expect(row.locator('td')).toHaveText([
    number.format(busiest.created),
    number.format(busiest.disbursed),
    formatMoney(COUNTRY, busiest.requested_amount),
    formatMoney(COUNTRY, busiest.disbursed_amount),
  ]);
});

/** The work block's counts and items as the API gave them, each item a link to where it is worked. */
async function expectMyWork(page: Page, api: DashboardResponse, path: (id: number) => string) {
  const block = page.getByTestId('block-my-work');
  await expect(block.getByRole('heading', { name: 'Mi trabajo de hoy' })).toBeVisible();
  for (const { id, count } of api.my_work.counts) {
    await expect(block.getByTestId(`my-work-${id}`)).toContainText(say(MY_WORK_COUNTS[id]));
    await expect(block.getByTestId(`my-work-${id}`).getByTestId('my-work-count')).toHaveText(number.format(count));
  }
  const links = block.getByRole('list', { name: 'Pendientes de hoy' }).getByRole('link');
  await expect(links).toHaveCount(api.my_work.items.length);
  for (const [index, item] of api.my_work.items.entries()) {
    await expect(links.nth(index)).toHaveText(`${item.customer} · #${item.id}`);
    await expect(links.nth(index)).toHaveAttribute('href', path(item.id));
  }
  // It comes first: before the period's figures.
  const first = await page.evaluate(() =>
    document.querySelector('main [data-testid^="block-"], main [data-testid^="kpi-"]')?.getAttribute('data-testid'),
  );
  expect(first).toBe('block-my-work');
}

test("a seller's work of today: their call back due later today, a link to the sale", async ({ page }) => {
  await openDashboard(page, `seller@${COUNTRY}.example`);
  // A call back later today on a sale still being worked (one this test books: other specs resolve the seeded ones).
  const sales = (await (await page.request.get(`/api/${COUNTRY}/sales?pageSize=100`)).json()) as LeadListResponse;
  const free = sales.rows.find((row) => !isClosedStatus(COUNTRY, row.status_id) && row.next_call_at === null)!;
  const endOfDay = Date.parse(`${addDays(todayIn(COUNTRY), 1)}T${COUNTRY === 'arg' ? '03' : '05'}:00:00Z`);
  const at = new Date(Math.min(Date.now() + 20 * 60_000, endOfDay - 60_000)).toISOString();
  const booked = await page.request.post(`/api/${COUNTRY}/sales/${free.id}/call-back`, {
    data: { at },
    headers: (await api(page)).headers,
  });
  expect(booked.status(), await booked.text()).toBe(200);

  await page.reload();
  const answer = await apiDashboard(page);
  expect(answer.my_work.counts.map((c) => c.id)).toEqual(['call_backs_overdue', 'call_backs_today']);
  expect(answer.my_work.items.map((item) => item.id)).toContain(free.id);
  await expectMyWork(page, answer, (id) => `/sale-detail?id=${id}`);
  await page
    .getByTestId('block-my-work')
    .getByRole('link', { name: new RegExp(`#${free.id}$`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/sale-detail\\?id=${free.id}$`));
});

test("an auditor's work of today: the cases they claimed, each opening its audit", async ({ page }) => {
  await openDashboard(page, COUNTRY === 'arg' ? 'auditor@arg.example' : 'audit@col.example');
  const answer = await apiDashboard(page);
  expect(answer.my_work.items.length).toBeGreaterThan(0);
  expect(answer.my_work.counts.find((c) => c.id === 'audits_claimed')!.count).toBeGreaterThanOrEqual(answer.my_work.items.length);
  await expectMyWork(page, answer, (id) => `/audit-detail?id=${id}`);
  await page
    .getByTestId('block-my-work')
    .getByRole('link')
    .filter({ hasText: `#${answer.my_work.items[0].id}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/audit-detail\\?id=${answer.my_work.items[0].id}$`));
});

test("a collector's work of today: promises and next actions due on their loans", async ({ page }) => {
  await openDashboard(page, `collector@${COUNTRY}.example`);
  const answer = await apiDashboard(page);
  const counts = Object.fromEntries(answer.my_work.counts.map((c) => [c.id, c.count]));
  expect(counts.promises_due + counts.next_actions_due).toBeGreaterThan(0);
  expect(answer.my_work.items.every((item) => item.kind === 'collection')).toBe(true);
  await expectMyWork(page, answer, (id) => `/collection-detail?id=${id}`);
  // A promise's item says its amount.
  const promise = answer.my_work.items.find((item) => item.reason === 'promise');
  if (promise) await expect(page.getByTestId('block-my-work')).toContainText(`Promesa por ${formatMoney(COUNTRY, promise.amount!)}`);
});

test('every demo role but the sellers (whose call backs other specs resolve) finds work in its block', async ({ baseURL }) => {
  const roles = [
    'admin',
    'supervisor',
    'operator',
    'atc',
    'collector',
    COUNTRY === 'arg' ? 'auditor' : 'audit',
    ...(COUNTRY === 'col' ? ['risk'] : []),
    'seller_wo_assignation',
  ];
  for (const role of roles) {
    // Through the API in a session of its own: the screen of each role is checked above and by the accessibility walk.
    const session = await request.newContext({ baseURL });
    try {
      await session.get('/api/health');
      const xsrf = (await session.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
      const login = await session.post(`/api/${COUNTRY}/auth/login`, {
        data: { email: `${role}@${COUNTRY}.example`, password: PASSWORD, branch_id: COUNTRY === 'arg' ? 1 : 2 },
        headers: { 'X-XSRF-TOKEN': xsrf },
      });
      expect(login.status(), role).toBe(200);
      const answer = (await (await session.get(`/api/${COUNTRY}/dashboard`)).json()) as DashboardResponse;
      expect(answer.my_work.counts.length, role).toBeGreaterThan(0);
      expect(answer.my_work.counts.some((c) => c.count > 0) || answer.my_work.items.length > 0, role).toBe(true);
    } finally {
      await session.dispose();
    }
  }
});
