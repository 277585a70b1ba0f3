import { expect, test } from '@playwright/test';
import { COUNTRY, signInAndWait } from './support';

const admin = `admin@${COUNTRY}.example`;

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/that-path');
  await expect(page.getByText('Page not found: /that-path')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("We couldn't find the page you are looking for.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test('a detail screen says whether its id is missing or not a number', async ({ page }) => {
  await signInAndWait(page, admin);
  await page.goto('/lead-detail');
  await expect(page.getByRole('alert')).toHaveText('Falta el identificador del lead (?id=…).');
  await page.goto('/lead-detail?id=abc');
  await expect(page.getByRole('alert')).toHaveText('El identificador del lead no es válido: «abc». Debe ser un número, p. ej. ?id=123.');
  await page.goto('/audit-detail?id=12x');
  await expect(page.getByRole('alert')).toHaveText(
    'El identificador de la solicitud no es válido: «12x». Debe ser un número, p. ej. ?id=123.',
  );
});

test('each screen names its tab, a detail with its record, the pages outside the shell too', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Iniciar sesión · Back-office');
  await page.goto('/verificar');
  await expect(page).toHaveTitle('Verificar certificado de libre deuda · Back-office');
  await page.goto('/that-path');
  await expect(page).toHaveTitle('Página no encontrada · Back-office');
  await signInAndWait(page, admin);
  await page.goto('/leads');
  await expect(page).toHaveTitle('Leads · Back-office');
  await page.goto('/lead-detail?id=3');
  await expect(page).toHaveTitle('Lead #3 · Back-office');
  await page.goto('/searcher');
  await expect(page).toHaveTitle('Buscador · Back-office');
  await page.goto('/unauthorized');
  await expect(page).toHaveTitle('No autorizado · Back-office');
});

test('the first Tab offers to skip to the screen, past the navigation', async ({ page }) => {
  await signInAndWait(page, admin);
  await page.goto('/leads');
  await expect(page.getByRole('grid', { name: 'Leads' }).locator('.MuiDataGrid-row').first()).toBeVisible();
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  expect(page.url()).not.toContain('#');
  // The next stop is the screen's own first control, inside <main>, not the navigation's.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).locator(':focus')).toHaveCount(0);
});

test('logout empties local storage and shows /login', async ({ page }) => {
  await signInAndWait(page, admin);
  await page.goto('/');
  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  // The server session is gone too: the home page sends us back to /login.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('theme and layout preferences survive a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, admin);
  await page.goto('/');
  await page.getByRole('button', { name: 'Tema' }).click();
  await page.getByRole('menuitem', { name: 'Oscuro' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');

  await page.getByRole('button', { name: 'Personalizar' }).click();
  await page.getByRole('group', { name: 'Navegación' }).getByRole('button', { name: 'Horizontal' }).click();
  await page.getByRole('button', { name: 'Cerrar personalización' }).click();
  await expect(page.getByTestId('horizontal-nav')).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  await expect(page.getByTestId('horizontal-nav')).toBeVisible();
  await expect(page.getByTestId('vertical-nav')).toHaveCount(0);
});

test('below 1279 px the navigation is an overlay and the layout is vertical', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, admin);
  await page.goto('/');
  await expect(page.getByTestId('vertical-nav')).toHaveAttribute('data-nav-mode', 'static');
  await expect(page.getByRole('button', { name: 'Abrir navegación' })).toHaveCount(0);

  await page.setViewportSize({ width: 1200, height: 900 });
  const openNav = page.getByRole('button', { name: 'Abrir navegación' });
  await expect(openNav).toBeVisible();
  await openNav.click();
  await expect(page.getByTestId('vertical-nav')).toHaveAttribute('data-nav-mode', 'overlay');
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' })).toBeVisible();
});

test('a horizontal layout is forced vertical below the breakpoint', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAndWait(page, admin);
  await page.goto('/');
  await page.getByRole('button', { name: 'Personalizar' }).click();
  await page.getByRole('group', { name: 'Navegación' }).getByRole('button', { name: 'Horizontal' }).click();
  await page.getByRole('button', { name: 'Cerrar personalización' }).click();
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'horizontal');

  await page.setViewportSize({ width: 1000, height: 900 });
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'vertical');
  await expect(page.getByTestId('horizontal-nav')).toHaveCount(0);
});

test('a screen opened from the navigation starts at its top; the version in the footer stays clear of "Volver arriba"', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAndWait(page, admin);
  // Both screens' code already loaded (as in a working day): nothing shortens the page while the next one loads.
  await page.goto('/audits');
  await expect(page.getByRole('grid').locator('.MuiDataGrid-row').first()).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('link', { name: 'Leads', exact: true }).click();
  await expect(page.getByRole('grid', { name: 'Leads' }).locator('.MuiDataGrid-row').first()).toBeVisible();
  // The grid may still be laying out its rows after the first one shows: scroll again until the page has its height.
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return window.scrollY;
      }),
    )
    .toBeGreaterThan(300);

  // At the bottom of the page the button is shown over the footer's corner.
  const toTop = page.getByRole('button', { name: 'Volver arriba' });
  await expect(toTop).toBeVisible();
  const button = (await toTop.boundingBox())!;
  const version = (await page.getByText(/^Versión /).boundingBox())!;
  const overlaps =
    version.x < button.x + button.width &&
    button.x < version.x + version.width &&
    version.y < button.y + button.height &&
    button.y < version.y + version.height;
  expect(overlaps).toBe(false);

  await nav.getByRole('link', { name: 'Auditorías' }).click();
  await expect(page).toHaveURL(/\/audits$/);
  await expect(page.getByRole('heading', { name: 'Auditorías' })).toBeVisible();
  await expect(page.getByRole('grid').locator('.MuiDataGrid-row').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
