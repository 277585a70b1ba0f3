import { inVoice } from '@backoffice/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRY } from '../config/env';

/** A form error tree with each `message` in the build's voice; `ref` (the field's element) kept as it is. */
function voiced(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(voiced);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === 'ref') return [key, value];
      if (key === 'message' && typeof value === 'string') return [key, inVoice(COUNTRY, value)];
      return [key, voiced(value)];
    }),
  );
}

/**
 * zodResolver whose field errors speak the build's voice: the shared schemas write their messages in tú
 * (the server voices them by the request's country), the forms say them as arg voseo or col usted.
 */
export const voicedZodResolver = ((...args: Parameters<typeof zodResolver>) => {
  const resolve = zodResolver(...args);
  return async (...call: Parameters<typeof resolve>) => {
    const result = await resolve(...call);
    return { ...result, errors: voiced(result.errors) };
  };
}) as typeof zodResolver;
