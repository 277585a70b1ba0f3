import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '../components/confirm-dialog';
import { DateFieldsProvider } from '../components/date-fields-provider';
import { NotificationsProvider } from '../components/notifications';
import { PreferencesProvider } from '../lib/preferences-context';
import { queryClient } from '../lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        <NotificationsProvider>
          <ConfirmProvider>
            <DateFieldsProvider>{children}</DateFieldsProvider>
          </ConfirmProvider>
        </NotificationsProvider>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
