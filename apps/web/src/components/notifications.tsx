import { NOTIFICATION_DURATION_MS } from '@backoffice/shared';
import { Alert, Button, Snackbar, type AlertColor } from '@mui/material';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

/** SPEC 2: a notification has show, message, color and timeout (default 2000 ms). */
export interface NotifyOptions {
  message: string;
  color?: AlertColor;
  /** Milliseconds; null keeps it open until closed. */
  timeout?: number | null;
  action?: { label: string; onClick: () => void };
}

interface NotificationState extends NotifyOptions {
  key: number;
  show: boolean;
}

type Notify = (options: NotifyOptions | string) => void;
const NotifyContext = createContext<Notify | null>(null);

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<NotificationState | null>(null);
  const notify = useCallback<Notify>((options) => {
    const normalised = typeof options === 'string' ? { message: options } : options;
    setCurrent({ color: 'success', timeout: NOTIFICATION_DURATION_MS, ...normalised, key: Date.now(), show: true });
  }, []);
  const close = () => setCurrent((state) => (state ? { ...state, show: false } : state));

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {current && (
        <Snackbar
          key={current.key}
          open={current.show}
          autoHideDuration={current.timeout ?? null}
          onClose={(_, reason) => reason !== 'clickaway' && close()}
          // Below the content, not over the navbar's buttons (theme, settings, profile) that sit top right.
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <Alert
            severity={current.color}
            variant="filled"
            onClose={close}
            action={
              current.action ? (
                <Button color="inherit" size="small" onClick={() => { current.action!.onClick(); close(); }}>
                  {current.action.label}
                </Button>
              ) : undefined
            }
            sx={{ minWidth: 280 }}
          >
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs a NotificationsProvider');
  return notify;
}
