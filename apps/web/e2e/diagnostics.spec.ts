import type { DiagnosticsResponse } from '@backoffice/shared';
import { expect, test } from '@playwright/test';
import { COUNTRY, signInAndWait } from './support';

/*
 * /test (DOMAIN 4: SPEC 6's admin route rule; arg role 1, col admin and seller): the health blocks of the e2e
 * server (PGlite, simulator, realtime bridge listening, automated stages) and a test call through the simulator.
 */

const ADMIN = `admin@${COUNTRY}.example`;
/** Outside the rule in both countries. */
const SUPERVISOR = `supervisor@${COUNTRY}.example`;
/** A test number of the country, one the simulator fails (ending in 0000), and a premium-rate one never called. */
const NUMBERS = {
  arg: { ok: '11 5555 4444', failing: '1155550000', premium: '0600 222 3333' },
  col: { ok: '300 555 4444', failing: '3005550000', premium: '01 900 555 1234' },
}[COUNTRY];

test('opened directly, /test counts this browser among the connected clients without a refresh', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  // A fresh load: the page asks the server before this browser's socket has connected.
  await page.goto('/test');
  await expect(page.getByTestId('diag-realtime-este-navegador')).toHaveText('Conectado');
  await expect
    .poll(async () => Number(await page.getByTestId('diag-realtime-clientes-conectados-este-nodo').textContent()))
    .toBeGreaterThanOrEqual(1);
});

test('the admin sees the four service blocks healthy, the automated stages, and places a test call', async ({ page }) => {
  await signInAndWait(page, ADMIN);
  // Reached from the navigation, like any screen.
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Diagnóstico' }).click();
  await expect(page).toHaveURL(/\/test$/);
  await expect(page.getByRole('heading', { name: 'Diagnóstico', level: 1 })).toBeVisible();

  for (const [id, title] of [
    ['api', 'API'],
    ['database', 'Base de datos'],
    ['telephony', 'Telefonía'],
    ['realtime', 'Tiempo real'],
  ] as const) {
    const block = page.getByRole('region', { name: title });
    await expect(block, title).toBeVisible();
    await expect(block).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId(`diag-${id}-status`)).toHaveText('Operativo');
  }
  // The build this page came from (the server reads the deployed builds/latest.json).
  const latest = (await (await page.request.get('/builds/latest.json')).json()) as { id: string };
  await expect(page.getByTestId('diag-api-build')).toHaveText(latest.id);
  await expect(page.getByTestId('diag-database-motor')).toHaveText('PGlite (embebida)');
  await expect(page.getByTestId('diag-database-motor').locator('[data-driver]')).toHaveAttribute('data-driver', 'pglite');
  await expect(page.getByTestId('diag-database-latencia')).toHaveText(/\d ms$/);
  await expect(page.getByTestId('diag-telephony-adaptador')).toHaveText('Simulador');
  await expect(page.getByTestId('diag-realtime-estado')).toHaveText('Escuchando');
  await expect(page.getByTestId('diag-realtime-ruta')).toHaveText('/socket.io');
  // The automated stages, with the API's counts of failed runs (another spec may have left one failing).
  const { stages } = (await (await page.request.get(`/api/${COUNTRY}/diagnostics`)).json()) as DiagnosticsResponse;
  const block = page.getByRole('region', { name: 'Etapas automáticas' });
  await expect(block).toHaveAttribute('data-status', stages.ok ? 'ok' : 'error');
  await expect(page.getByTestId('diag-stages-adaptador')).toHaveText('Simulador');
  await expect(page.getByTestId('diag-stages-ejecucion')).toHaveText('Al llegar a su estado');
  await expect(page.getByTestId('diag-stages-reintentos-este-nodo')).toHaveText('Revisa cada 5 s');
  await expect(page.getByTestId('diag-stages-detenidas')).toHaveText(String(stages.stopped));

  // Refresh asks the server again.
  const again = page.waitForResponse((r) => r.url().endsWith(`/api/${COUNTRY}/diagnostics`) && r.status() === 200);
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await again;

  // A premium-rate number is refused before anything is sent.
  let sent = 0;
  page.on('request', (request) => void (request.url().endsWith('/diagnostics/test-call') && sent++));
  await page.getByRole('textbox', { name: 'Celular' }).fill(NUMBERS.premium);
  await page.getByRole('button', { name: 'Llamada de prueba' }).click();
  await expect(page.getByText('no se llama a números de tarifa adicional')).toBeVisible();
  expect(sent).toBe(0);

  // A test call: the success notification and the server's detail.
  const call = page.waitForResponse((r) => r.url().endsWith('/diagnostics/test-call'));
  await page.getByRole('textbox', { name: 'Celular' }).fill(NUMBERS.ok);
  await page.getByRole('button', { name: 'Llamada de prueba' }).click();
  expect((await call).status()).toBe(200);
  await expect(page.getByText('Llamada de prueba iniciada correctamente')).toBeVisible();
  await expect(page.getByTestId('diag-test-call-result')).toContainText('Llamada de prueba iniciada con el simulador');

  // The simulator fails numbers ending in 0000: the server's message is shown.
  await page.getByRole('textbox', { name: 'Celular' }).fill(NUMBERS.failing);
  await page.getByRole('button', { name: 'Llamada de prueba' }).click();
  await expect(page.getByText('La llamada de prueba no se pudo iniciar: Simulador: los números terminados en 0000 fallan')).toBeVisible();
  await expect(page.getByTestId('diag-test-call-result')).toHaveCount(0);
});

test('a role outside the admin rule is sent to /unauthorized and has no Diagnóstico link', async ({ page }) => {
  await signInAndWait(page, SUPERVISOR);
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Diagnóstico' })).toHaveCount(0);
  await page.goto('/test');
  await expect(page).toHaveURL(/\/unauthorized$/);
  // The API refuses it too.
  expect((await page.request.get(`/api/${COUNTRY}/diagnostics`)).status()).toBe(403);
});
