import { canAccess } from '@backoffice/shared';
import { ROLES, demoEmail, sessionKeysFor } from './roles-fixture';
import { expect, test } from '@playwright/test';
import { COUNTRY, PASSWORD, signIn, api, say } from './support';

test.describe('sign-in', () => {
  for (const role of ROLES[COUNTRY]) {
    // SPEC 6's sales rule refuses sellers without assignation, whose landing page is /sales: /unauthorized.
    const landing = role.defaultPage === 'sales' && !canAccess('sales', COUNTRY, role.id) ? 'unauthorized' : role.defaultPage;
    test(`${role.code} lands on /${landing}`, async ({ page }) => {
      await signIn(page, demoEmail(COUNTRY, role));
      await expect(page).toHaveURL(new RegExp(`/${landing}$`));
      const stored = await page.evaluate(
        (keys) => ({
          role: localStorage.getItem(keys.role),
          loggedIn: localStorage.getItem(keys.loggedIn),
          statuses: localStorage.getItem(`${keys.country}_statuses`),
        }),
        sessionKeysFor(COUNTRY),
      );
      expect(JSON.parse(stored.role!)).toBe(role.id);
      expect(stored.loggedIn).toBe('true');
      // Filter resources are fetched at login and stored per key.
      expect(JSON.parse(stored.statuses!).length).toBeGreaterThan(40);
    });
  }

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await signIn(page, demoEmail(COUNTRY, ROLES[COUNTRY][0]!), 'wrong-password');
    await expect(page.getByRole('alert')).toContainText('Email o contraseña incorrectos');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a session the server ended sends to /login saying so, and signing in again returns to the same view', async ({ page }) => {
    const admin = `admin@${COUNTRY}.example`;
    await signIn(page, admin);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/leads?management=none&page=2');
    await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
    // Ended elsewhere (another device signing out, or expiry): the next call answers 401.
    expect((await page.request.get(`/api/${COUNTRY}/auth/logout`, { headers: (await api(page)).headers })).ok()).toBe(true);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText(say('Tu sesión terminó. Ingresa de nuevo para continuar donde estabas.'));
    await signIn(page, admin);
    await expect(page).toHaveURL(/\/leads\?management=none&page=2$/);
  });

  test('a note being typed when the session ends is there after signing in again; a logout forgets it', async ({ page }) => {
    // Three sign-ins.
    test.slow();
    const admin = `admin@${COUNTRY}.example`;
    await signIn(page, admin);
    await expect(page).not.toHaveURL(/\/login$/);
    const list = (await (await page.request.get(`/api/${COUNTRY}/leads`)).json()) as { rows: { id: number }[] };
    const id = list.rows[0].id;
    await page.goto(`/lead-detail?id=${id}`);
    const note = page.getByLabel('Nueva nota');
    const text = `Llamó el cliente: manda el recibo de sueldo el lunes ${Date.now()}`;
    await note.fill(text);
    // Ended elsewhere: the next call answers 401, and signing in again returns to the lead with the note.
    expect((await page.request.get(`/api/${COUNTRY}/auth/logout`, { headers: (await api(page)).headers })).ok()).toBe(true);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, admin);
    await expect(page).toHaveURL(new RegExp(`/lead-detail\\?id=${id}$`));
    await expect(page.getByLabel('Nueva nota')).toHaveValue(text);
    // Signing out forgets it.
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, admin);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto(`/lead-detail?id=${id}`);
    await expect(page.getByLabel('Nueva nota')).toHaveValue('');
  });

  test('a lead being typed in the form when the session ends is there after signing in again, until discarded', async ({ page }) => {
    // Two sign-ins and three loads of the list.
    test.slow();
    const admin = `admin@${COUNTRY}.example`;
    await signIn(page, admin);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/leads');
    await page.getByRole('button', { name: 'Nuevo lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo lead' });
    const surname = `Borrador ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Lucía');
    await dialog.getByRole('textbox', { name: 'Apellido' }).fill(surname);
    await dialog.getByRole('spinbutton', { name: 'Cuotas' }).fill('12');
    // Ended elsewhere: the next call answers 401; signing in again returns to the list.
    expect((await page.request.get(`/api/${COUNTRY}/auth/logout`, { headers: (await api(page)).headers })).ok()).toBe(true);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, admin);
    await expect(page).toHaveURL(/\/leads$/);
    await page.getByRole('button', { name: 'Nuevo lead' }).click();
    await expect(dialog.getByText(say('Recuperamos lo que estabas escribiendo: revísalo antes de guardar.'))).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Lucía');
    await expect(dialog.getByRole('textbox', { name: 'Apellido' })).toHaveValue(surname);
    await expect(dialog.getByRole('spinbutton', { name: 'Cuotas' })).toHaveValue('12');
    // Discarded: an empty form, now and after a reload.
    await dialog.getByRole('button', { name: 'Descartar' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Apellido' })).toHaveValue('');
    await expect(dialog.getByText(/Recuperamos/)).toHaveCount(0);
    await page.reload();
    await page.getByRole('button', { name: 'Nuevo lead' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Apellido' })).toHaveValue('');
    await expect(dialog.getByText(/Recuperamos/)).toHaveCount(0);
  });

  test('signing in shows the loading indicator while the landing screen’s code loads', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    // A slow link: every script asked for from now on (the landing screen's) comes a second late.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.getByLabel('Email').fill(`admin@${COUNTRY}.example`);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ingresando…' })).toBeVisible();
    // The scripts come in a few rounds (a chunk, then those it imports), each a second late.
    await expect(page).toHaveURL(/\/leads$/, { timeout: 20_000 });
  });

  test('an anonymous visit to a protected page goes to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });
});
