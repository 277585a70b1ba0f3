import { useSyncExternalStore } from 'react';
import { COUNTRY } from '../config/env';
import { clearDrafts } from './drafts';
import { readSession, writeSession, type StoredSession } from './storage';

/** A small reactive wrapper around the stored session so the shell re-renders on sign-in and sign-out. */
const listeners = new Set<() => void>();
let snapshot: StoredSession | null = typeof localStorage === 'undefined' ? null : readSession(localStorage, COUNTRY);

function emit() {
  snapshot = readSession(localStorage, COUNTRY);
  listeners.forEach((listener) => listener());
}

/** The server ended the session (a 401), as opposed to the user signing out: the login page says so. */
let endedByServer = false;

export const sessionStore = {
  get: () => snapshot,
  set(session: StoredSession) {
    endedByServer = false;
    writeSession(localStorage, COUNTRY, session);
    emit();
  },
  /** SPEC 2: logout clears all locally stored data, drafts included. */
  clearAll() {
    localStorage.clear();
    clearDrafts();
    emit();
  },
  /**
   * The server no longer knows the session (expired, ended elsewhere): cleared as on logout, but for what the
   * user was typing, which they find again once signed in.
   */
  expire() {
    endedByServer = true;
    localStorage.clear();
    emit();
  },
  endedByServer: () => endedByServer,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', emit);
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
