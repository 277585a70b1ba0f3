import AxeBuilder from '@axe-core/playwright';
import { canAccess, ROLES, type Screen } from '@backoffice/shared';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { api, COUNTRY, signInAndWait } from './support';
import { demoEmail } from './roles-fixture';

/**
 * Issue 39, section 4: every built screen a demo role reaches, in both themes, has no serious or critical axe
 * violation; and (section 1) none shows an UPPER_SNAKE status code as its primary text.
 */

/** The screens of apps/web/src/app/screens.ts, read from its text: a screen added there is checked here too. */
const BUILT = [...readFileSync(new URL('../src/app/screens.ts', import.meta.url), 'utf8').matchAll(/screen: '([a-z-]+)'/g)].map(
  (m) => m[1] as Screen,
);

/** The admin where it may open the screen, else the first demo role that may (arg's sales: the seller). */
function visitor(screen: Screen): string | undefined {
  const role =
    ROLES[COUNTRY].find((r) => r.kind === 'admin' && canAccess(screen, COUNTRY, r.id)) ??
    ROLES[COUNTRY].find((r) => canAccess(screen, COUNTRY, r.id));
  return role && demoEmail(COUNTRY, role);
}

type ListPath = `/${string}`;
/** A record to open each detail screen on, asked of the API its list screen reads. */
const DETAILS: Partial<Record<Screen, { list: string; path: ListPath; id: (row: Record<string, unknown>) => unknown }>> = {
  'lead-detail': { list: 'leads', path: '/lead-detail', id: (row) => row.id },
  'sale-detail': { list: 'sales', path: '/sale-detail', id: (row) => row.id },
  'audit-detail': { list: 'audits', path: '/audit-detail', id: (row) => row.lead_id },
  'collection-detail': { list: 'collections', path: '/collection-detail', id: (row) => row.id },
  'daily-management': { list: 'daily-managements', path: '/daily-management', id: (row) => row.id },
  'massive-batch-detail': { list: 'massive-batches', path: '/massive-batch-detail', id: (row) => row.id },
};

async function screenUrl(page: Page, screen: Screen): Promise<string | undefined> {
  const detail = DETAILS[screen];
  if (!detail) return screen === 'index' ? '/' : `/${screen}`;
  const { request } = await api(page);
  const response = await request.get(`/api/${COUNTRY}/${detail.list}?pageSize=10`);
  expect(response.status(), await response.text()).toBe(200);
  const [row] = ((await response.json()) as { rows: Record<string, unknown>[] }).rows;
  return row ? `${detail.path}?id=${String(detail.id(row))}` : undefined;
}

/** The screen drawn: its heading shown and nothing loading (grids, spinners, skeletons). */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('grid-fetching')).toHaveCount(0, { timeout: 30_000 });
  // Charts animate in and chips arrive with their rows: a quiet moment for them.
  await page.waitForTimeout(600);
}

/** UPPER_SNAKE words (two parts at least: VALIDATE_DOCS) in the screen's visible text. */
async function upperSnakeCodes(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  return [...new Set(text.match(/\b[A-Z]{2,}(?:_[A-Z0-9]+)+\b/g) ?? [])];
}

/** The router's pages outside the shell a signed-out visitor reaches (the held-session pages need a held session). */
const PAGES_OUTSIDE_THE_SHELL = ['/login', '/verificar', '/unauthorized', '/that-path'];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(0, 2).join(' ') ?? ''}`),
      count: violation.nodes.length,
    }));
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1440, height: 900 } });
    // axe reads a whole grid's page of nodes: on a busy 2-core machine a screen has taken close to a minute.
    test.describe.configure({ timeout: 180_000 });

    for (const screen of BUILT) {
      const email = visitor(screen);
      if (!email) continue;
      test(`${screen}: no serious or critical axe violation, no status code as text`, async ({ page }) => {
        await signInAndWait(page, email);
        const url = await screenUrl(page, screen);
        expect(url, `a record to open ${screen} on`).toBeDefined();
        await page.goto(url!);
        await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme);
        await settled(page);
        expect(await seriousViolations(page), `${screen} (${scheme})`).toEqual([]);
        expect(await upperSnakeCodes(page), `${screen}: status codes shown as text`).toEqual([]);
      });
    }

    test('the pages outside the shell: no serious or critical axe violation', async ({ page }) => {
      for (const path of PAGES_OUTSIDE_THE_SHELL) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme);
        await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
        expect(await seriousViolations(page), `${path} (${scheme})`).toEqual([]);
      }
    });
  });
}

test('the keyboard focus is visible on the navigation links', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  await page.goto('/searcher');
  const link = page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Leads', exact: true });
  await link.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  // A 2 px ring, not only MUI's faint background.
  await expect(link).toHaveCSS('outline-style', 'solid');
  await expect(link).toHaveCSS('outline-width', '2px');
});
