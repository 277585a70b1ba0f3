import { useSyncExternalStore } from 'react';

/** In-app notifications listed in the navbar's bell menu (e.g. a newer version is available). */
export interface AppNotification {
  id: string;
  title: string;
  body?: string;
  at: number;
  read: boolean;
  action?: { label: string; onClick: () => void };
}

let items: AppNotification[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const appNotifications = {
  get: () => items,
  /** Adds one; an id already listed is replaced rather than repeated. */
  push(notification: Omit<AppNotification, 'at' | 'read'>) {
    items = [{ ...notification, at: Date.now(), read: false }, ...items.filter((item) => item.id !== notification.id)];
    emit();
  },
  markAllRead() {
    items = items.map((item) => ({ ...item, read: true }));
    emit();
  },
  remove(id: string) {
    items = items.filter((item) => item.id !== id);
    emit();
  },
  /** Drops every notification whose id starts with `prefix` (a signed-out user's own). */
  removeByPrefix(prefix: string) {
    items = items.filter((item) => !item.id.startsWith(prefix));
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAppNotifications(): AppNotification[] {
  return useSyncExternalStore(appNotifications.subscribe, appNotifications.get, appNotifications.get);
}
