import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { sessionActivity } from '../../../lib/session-activity';
import { getUserInfo, userInfoQueryOptions } from '../api/user-info';
import { say } from '../../../lib/voice';

/** How long before the idle timeout the warning shows. */
const WARN_BEFORE_MS = 60_000;
const CHECK_EVERY_MS = 1_000;

/**
 * A minute before the server would end the session for idleness (SESSION_IDLE_MINUTES), asks whether to stay
 * signed in; staying is one request, which counts as use. If nobody answers, the session ends as any other:
 * the next call's 401 sends to /login and what was being typed stays as a draft.
 */
export function IdleWarning() {
  const queryClient = useQueryClient();
  const { data } = useQuery(userInfoQueryOptions());
  const idleMinutes = data?.idle_timeout_minutes ?? 0;
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);

  useEffect(() => {
    if (idleMinutes <= 0) return;
    const timer = setInterval(() => {
      const remaining = sessionActivity.remaining(idleMinutes);
      if (remaining <= 0) {
        setSecondsLeft(null);
        // Asking the server lets the usual 401 handling end the session here.
        void queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey });
      } else setSecondsLeft(remaining <= WARN_BEFORE_MS ? Math.ceil(remaining / 1000) : null);
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [idleMinutes, queryClient]);

  return (
    <Dialog open={secondsLeft !== null} aria-labelledby="idle-warning-title">
      <DialogTitle id="idle-warning-title">{say('¿Sigues ahí?')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {say(`Tu sesión se cerrará por inactividad en ${secondsLeft} segundos. Lo que estés escribiendo se guarda como borrador.`)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          autoFocus
          onClick={() => {
            setSecondsLeft(null);
            void getUserInfo().catch(() => {});
          }}
        >
          Seguir conectado
        </Button>
      </DialogActions>
    </Dialog>
  );
}
