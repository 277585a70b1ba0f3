/**
 * When this tab last made a call the user caused, the client's side of the server's idle timeout
 * (SESSION_IDLE_MINUTES): the shell warns before the session would end. The server writes a session's last
 * use at most every `SERVER_TOUCH_LAG_MS`, so it may think the session older by that much.
 */
export const SERVER_TOUCH_LAG_MS = 15_000;

let last = Date.now();

export const sessionActivity = {
  touch(now = Date.now()): void {
    last = now;
  },
  /** Milliseconds until the server ends the session for idleness (on the cautious side). */
  remaining(idleMinutes: number, now = Date.now()): number {
    return last + idleMinutes * 60_000 - SERVER_TOUCH_LAG_MS - now;
  },
};
