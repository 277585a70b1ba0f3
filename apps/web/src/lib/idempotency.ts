import { useMemo, useRef } from 'react';

/** 128 random bits as hex (crypto.randomUUID exists only on HTTPS and localhost). */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * An `Idempotency-Key` per distinct content: the same content sent again after an attempt that got no answer
 * (a dropped connection after the server wrote it) goes with the same key, and the server answers the first
 * write instead of making a second. `done()` after a success: the same content written on purpose afterwards
 * is a new one.
 */
export function useIdempotencyKey<T>() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return useMemo(
    () => ({
      headersFor: (body: T) => {
        const text = JSON.stringify(body);
        if (last.current?.body !== text) last.current = { body: text, key: newKey() };
        return { 'Idempotency-Key': last.current.key };
      },
      done: () => {
        last.current = null;
      },
    }),
    [],
  );
}
