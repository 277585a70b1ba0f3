import { expect, test } from '@playwright/test';
import { COUNTRY, signInAndWait } from './support';

test('an uncaught error is sent to the error log with the current path', async ({ page }) => {
  await page.goto('/that-path?x=1');
  const logged = page.waitForRequest((request) => request.url().endsWith('/api/log/error') && request.method() === 'POST');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e boom');
    });
  });
  const request = await logged;
  const body = request.postDataJSON();
  expect(body).toMatchObject({ message: 'e2e boom', path: '/that-path?x=1' });
  expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  expect((await request.response())?.status()).toBe(201);
});

test('a newer deployed build is offered as a reload', async ({ page }) => {
  await signInAndWait(page, `admin@${COUNTRY}.example`);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hola');
  await page.route(/\/builds\/latest\.json/, (route) => route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } }));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByText('Hay una nueva versión disponible').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recargar' })).toBeVisible();
});
