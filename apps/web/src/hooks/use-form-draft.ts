import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { readDraft, writeDraft } from '../lib/drafts';
import { useSession } from '../lib/session';

/** A form's values as the draft keeps them: a blank field is the same as one never touched. */
const blank = (value: unknown) => value === undefined || value === null || value === '';
const differs = (values: FieldValues, defaults: FieldValues) =>
  Object.keys({ ...values, ...defaults }).some(
    (name) => !(blank(values[name]) && blank(defaults[name])) && values[name] !== defaults[name],
  );

function parsed(text: string): FieldValues | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as FieldValues) : undefined;
  } catch {
    return undefined;
  }
}

export interface FormDraft {
  /** The form shows a draft found when it mounted (until it is saved or discarded). */
  restored: boolean;
  /** Back to the form's defaults, forgetting the draft. */
  discard: () => void;
  /** Forgets the draft (after a save); the form keeps what it shows. */
  clear: () => void;
}

/**
 * What a user typed in a form, kept as a draft under `key` (lib/drafts: this tab, this user; a logout clears
 * it) while it differs from the form's defaults: a reload or a session the server ended does not lose it, and
 * the form shows it again when it mounts. `accepts` may refuse a draft that no longer applies (one typed on a
 * record someone has changed since), which is then forgotten.
 */
export function useFormDraft<T extends FieldValues>(
  form: UseFormReturn<T>,
  key: string,
  accepts?: (draft: FieldValues) => boolean,
): FormDraft {
  const userId = useSession()?.id;
  const { watch, reset, formState } = form;
  // Read once, when the form mounts: later renders must not bring the draft back over what is typed.
  const [found] = useState(() => parsed(readDraft(userId, key)));
  const usable = found && (!accepts || accepts(found)) ? found : undefined;
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!found) return;
    if (!usable) writeDraft(userId, key, '');
    // Over the defaults, which stay what the form compares with: it is dirty, as it was when typed.
    else reset(usable as T, { keepDefaultValues: true });
  }, [found, usable, reset, userId, key]);

  useEffect(() => {
    const subscription = watch((values) => {
      const defaults = (formState.defaultValues ?? {}) as FieldValues;
      writeDraft(userId, key, differs(values, defaults) ? JSON.stringify(values) : '');
    });
    return () => subscription.unsubscribe();
  }, [watch, formState.defaultValues, userId, key]);

  return {
    restored: !!usable && !done,
    discard: () => {
      writeDraft(userId, key, '');
      reset();
      setDone(true);
    },
    clear: () => {
      writeDraft(userId, key, '');
      setDone(true);
    },
  };
}
