import { expect, test, type Page } from '@playwright/test';
import { COUNTRY, signInAndWait, say } from './support';

/* The lists' search box, column chooser and filter options, as a reviewer on a 1366 × 768 laptop uses them. */

const admin = `admin@${COUNTRY}.example`;
const HINT = say('Escribe al menos 3 letras o números para buscar');

/** The list requests (`/api/{country}/leads?…`, `/sales?…`) the page sends from now on, by their params. */
function listRequests(page: Page, list: 'leads' | 'sales'): URLSearchParams[] {
  const sent: URLSearchParams[] = [];
  const path = `/api/${COUNTRY}/${list}`;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === path) sent.push(url.searchParams);
  });
  return sent;
}

// The seller works /sales in both countries (SPEC 6 keeps arg's admin from it).
for (const { list, path, heading, count, user } of [
  { list: 'leads', path: '/leads', heading: 'Leads', count: 'leads-count', user: admin },
  { list: 'sales', path: '/sales', heading: 'Ventas', count: 'sales-count', user: `seller@${COUNTRY}.example` },
] as const) {
  test(`${path}: a search of one or two letters is held back with a hint; a link with one shows it, not a broken list`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInAndWait(page, user);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    const counted = page.getByTestId(count);
    await expect(counted).not.toHaveText('Cargando…');
    const whole = await counted.textContent();
    const rows = page.getByRole('grid').locator('.MuiDataGrid-row');
    await expect(rows.first()).toBeVisible();
    const sent = listRequests(page, list);

    // Two letters: the hint under the box, nothing asked, the URL and the list as they were.
    const box = page.getByRole('textbox', { name: 'Buscar', exact: true });
    await box.fill('ab');
    await expect(page.getByText(HINT, { exact: true })).toBeVisible();
    // Well past the box's pause in typing (350 ms).
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).searchParams.has('q')).toBe(false);
    expect(sent).toEqual([]);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(counted).toHaveText(whole!);
    await expect(rows.first()).toBeVisible();

    // Long enough: the hint goes, the text goes into the URL and the request.
    await box.fill('abc');
    await expect(page).toHaveURL(/[?&]q=abc(&|$)/);
    await expect(page.getByText(HINT, { exact: true })).toHaveCount(0);
    await expect.poll(() => sent.some((params) => params.get('q') === 'abc')).toBe(true);

    // A copied link with a text too short: the box shows it with the hint; the list is the whole one, asked for
    // without it.
    sent.length = 0;
    await page.goto(`${path}?q=xx`);
    await expect(box).toHaveValue('xx');
    await expect(page.getByText(HINT, { exact: true })).toBeVisible();
    await expect(counted).toHaveText(whole!);
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('No se pudo cargar la lista')).toHaveCount(0);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((params) => params.has('q'))).toEqual([]);
    // Typing on from it searches as soon as it is long enough.
    await box.fill('xxz');
    await expect(page).toHaveURL(/[?&]q=xxz(&|$)/);
    await expect(page.getByText(HINT, { exact: true })).toHaveCount(0);
  });
}

test('col’s data rate is a column of the chooser, hidden by default; arg has none', async ({ page }) => {
  // ATC: no other browser test opens /leads as them, so the column chosen here changes no other test's grid.
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndWait(page, `atc@${COUNTRY}.example`);
  await page.goto('/leads');
  const grid = page.getByRole('grid', { name: 'Leads' });
  await expect(grid.locator('.MuiDataGrid-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Columnas' }).click();
  await expect(page.getByRole('checkbox', { name: 'Email' })).toBeVisible();
  const rate = page.getByRole('checkbox', { name: 'Calificación de datos' });
  if (COUNTRY === 'arg') {
    await expect(rate).toHaveCount(0);
    return;
  }
  await expect(rate).not.toBeChecked();
  await expect(grid.getByRole('columnheader', { name: 'Calificación de datos' })).toHaveCount(0);
  await rate.check();
  await page.keyboard.press('Escape');
  await expect(grid.getByRole('columnheader', { name: 'Calificación de datos' })).toBeVisible();
  // A rate from 1 to 7, or none.
  const cells = grid.locator('[data-field="data_rate"].MuiDataGrid-cell');
  await expect(cells.first()).toBeVisible();
  for (const text of await cells.allTextContents()) expect(text).toMatch(/^([1-7]|—)$/);
});

test('the audit status filter offers the queue’s states first', async ({ page }) => {
  await signInAndWait(page, COUNTRY === 'arg' ? 'auditor@arg.example' : 'audit@col.example');
  await expect(page).toHaveURL(/\/audits$/);
  await page.getByRole('combobox', { name: 'Estado de auditoría' }).click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const labels = await options.allTextContents();
  expect(labels.slice(0, 2)).toEqual(['AUDITORIA (en cola)', 'RE-AUDITORIA (en cola)']);
  expect(labels.slice(2).some((label) => label.includes('(en cola)'))).toBe(false);
});

test('an exact count offers the page numbers and the last page; a search that matches nothing keeps the columns’ widths', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAndWait(page, admin);
  const pageSize = 10;
  const answer = (await (await page.request.get(`/api/${COUNTRY}/leads?pageSize=${pageSize}`)).json()) as {
    count: { total: number; exact: boolean };
  };
  expect(answer.count.exact, 'the demo data counts exactly').toBe(true);
  const pages = Math.ceil(answer.count.total / pageSize);
  expect(pages).toBeGreaterThan(3);
  await page.goto(`/leads?pageSize=${pageSize}`);
  const grid = page.getByRole('grid', { name: 'Leads' });
  const rows = grid.locator('.MuiDataGrid-row');
  // A screen's first load on a busy machine.
  await expect(rows).toHaveCount(pageSize, { timeout: 30_000 });
  const numbers = page.getByRole('navigation', { name: 'Páginas' });
  await expect(numbers.getByRole('button', { name: 'Página 1, la actual' })).toHaveAttribute('aria-current', 'page');
  await expect(numbers.getByRole('button', { name: `Página ${pages}`, exact: true })).toBeVisible();

  // The last page, asked by number (no cursor): the rows that are left.
  const sent = listRequests(page, 'leads');
  await numbers.getByRole('button', { name: 'Última página' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}(&|$)`));
  await expect(rows).toHaveCount(answer.count.total - (pages - 1) * pageSize);
  await expect(numbers.getByRole('button', { name: `Página ${pages}, la actual` })).toBeVisible();
  expect(sent.at(-1)?.get('page')).toBe(String(pages));
  expect(sent.at(-1)?.has('cursor')).toBe(false);
  // A page in between by its number.
  await numbers.getByRole('button', { name: 'Página 1', exact: true }).click();
  await expect(page).not.toHaveURL(/[?&]page=/);
  // Page 2's own rows (page 1 had as many): the widths below are measured on the page they were fitted to.
  const second = (await (await page.request.get(`/api/${COUNTRY}/leads?pageSize=${pageSize}&page=2`)).json()) as { rows: { id: number }[] };
  await numbers.getByRole('button', { name: 'Página 2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(rows).toHaveCount(pageSize);
  await expect(rows.first()).toHaveAttribute('data-id', String(second.rows[0]!.id));

  // Filters that match nothing: the headers stay as wide as they were.
  const widths = () =>
    grid.getByRole('columnheader').evaluateAll((headers) => headers.map((header) => Math.round(header.getBoundingClientRect().width)));
  const shown = await widths();
  await page.getByRole('textbox', { name: 'Buscar', exact: true }).fill('zzqqxxnadie');
  await expect(grid.getByText('No hay leads que coincidan con los filtros')).toBeVisible();
  await expect(rows).toHaveCount(0);
  // (Within a scrollbar's width: without rows the grid has none, and its flexible columns take that room.)
  const after = await widths();
  expect(after.length).toBe(shown.length);
  after.forEach((width, index) =>
    expect(Math.abs(width - shown[index]), `column ${index + 1}: ${shown[index]} → ${width}`).toBeLessThanOrEqual(20),
  );
  // No page numbers for a list of one page.
  await expect(numbers).toHaveCount(0);
});
