// The browser tests read the same role table as the app.
export { ROLES, demoEmail } from '@backoffice/shared';

export function sessionKeysFor(country: 'arg' | 'col') {
  return { country, role: `${country}_role`, loggedIn: `${country}_logged_in` };
}
