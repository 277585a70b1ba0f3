import { MESSAGES, NOTIFICATION_DURATION_MS } from '@backoffice/shared';
import { Alert, Button, Stack, type AlertColor } from '@mui/material';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

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
}

/** Shows a notification; what it returns closes that one (an error the user has since put right, say). */
type Notify = (options: NotifyOptions | string) => () => void;
const NotifyContext = createContext<Notify | null>(null);

/** Shown at once, newest at the bottom; an older one makes room for a new one past this. */
const MAX_SHOWN = 3;
let lastKey = 0;

/**
 * Notifications stack rather than replace each other: two in a row ('Llamada resuelta exitosamente,
 * llamando...' then 'Llamada iniciada correctamente') are both read. The same message again replaces its
 * earlier copy (and its timer) instead of stacking.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<NotificationState[]>([]);
  const close = useCallback((key: number) => setShown((list) => list.filter((item) => item.key !== key)), []);
  const notify = useCallback<Notify>(
    (options) => {
      const normalised = typeof options === 'string' ? { message: options } : options;
      const next = { color: 'success' as const, timeout: NOTIFICATION_DURATION_MS, ...normalised, key: ++lastKey };
      setShown((list) => [...list.filter((item) => item.message !== next.message), next].slice(-MAX_SHOWN));
      return () => close(next.key);
    },
    [close],
  );

  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {shown.length > 0 && (
        // Below the content, not over the navbar's buttons (theme, settings, profile) that sit top right.
        <Stack
          spacing={1}
          sx={{
            position: 'fixed',
            bottom: 24,
            left: '50%',
            transform: 'translateX(-50%)',
            zIndex: (theme) => theme.zIndex.snackbar,
            alignItems: 'center',
          }}
        >
          {shown.map((item) => (
            <Notification key={item.key} item={item} close={close} />
          ))}
        </Stack>
      )}
    </NotifyContext.Provider>
  );
}

/** One notification: it closes itself after its timeout, which waits while the pointer is on it (to read or act). */
function Notification({ item, close }: { item: NotificationState; close: (key: number) => void }) {
  const [hovered, setHovered] = useState(false);
  const { timeout, key } = item;
  const onClose = () => close(key);
  useEffect(() => {
    if (timeout == null || hovered) return;
    const timer = setTimeout(() => close(key), timeout);
    return () => clearTimeout(timer);
  }, [timeout, hovered, close, key]);
  return (
    <Alert
      severity={item.color}
      variant="filled"
      onClose={onClose}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      action={
        item.action ? (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              item.action!.onClick();
              onClose();
            }}
          >
            {item.action.label}
          </Button>
        ) : undefined
      }
      sx={{ minWidth: 280, boxShadow: 6 }}
    >
      {item.message}
    </Alert>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs a NotificationsProvider');
  return notify;
}

/**
 * Reports a failure nothing else handles, an async event handler's rejected promise, as an error that stays
 * until closed: `onClick={() => void save().catch(notifyError)}` (an event prop does not wait for a promise).
 */
export function useNotifyError(): (error: unknown) => void {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      console.error(error);
      notify({
        message: error instanceof Error && error.message ? error.message : MESSAGES.unexpectedError,
        color: 'error',
        timeout: null,
      });
    },
    [notify],
  );
}
