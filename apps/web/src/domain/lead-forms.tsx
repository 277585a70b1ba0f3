import {
  MANAGEMENT_CHANNELS,
  MANAGEMENT_STATUSES,
  TEXT_AREA_ROWS,
  addNoteBodySchema,
  countryWallTime,
  countryWallTimeToDate,
  setManagementStatusBodySchema,
  type AddNoteBody,
  type ManagementChannel,
  type SetManagementStatusBody,
  type TimelineEntry,
} from '@backoffice/shared';
import { voicedZodResolver } from '../lib/voiced-resolver';
import { Alert, Button, FormControl, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { COUNTRY, COUNTRY_NAME } from '../config/env';
import { ApiError } from '../lib/api-client';
import { readDraft, writeDraft } from '../lib/drafts';
import { useSession } from '../lib/session';
import { RecentNotes } from './activity-timeline';
import { useConfirm } from '../components/confirm-dialog';
import { DateTimeField } from '../components/date-fields';
import { useNotify, useNotifyError } from '../components/notifications';
import { say } from '../lib/voice';

/*
 * Forms that record work on a lead, wherever it is shown (lead detail, sale detail). They only present:
 * each feature passes its own mutation (its endpoint and the caches it refreshes).
 */

/** The part of a TanStack Query mutation the forms use. */
export interface FormMutation<TBody> {
  mutate: (body: TBody, options: { onSuccess: () => void; onError?: (error: Error) => void }) => void;
  isPending: boolean;
  error: Error | null;
}

/**
 * A 409 (someone saved first) reloads the record (each feature's mutation does) and the form, keyed by the
 * version, remounts with the stored values, taking its own alert with it: the server's reason stays on
 * screen in a notification until the user closes it, as the status changes' refusals do.
 */
export function useNotifyStale(): (error: Error) => void {
  const notify = useNotify();
  return (error) => {
    if (isStale(error)) notify({ message: error.message, color: 'error', timeout: null });
  };
}

/** A refusal the notification of `useNotifyStale` tells: the form's own alert leaves it out. */
export const isStale = (error: Error | null): error is ApiError => error instanceof ApiError && error.status === 409;

/** A form's alert for a refused save, but for a stale version (`useNotifyStale`). */
export function SaveError({ error }: { error: Error | null }) {
  if (!error || isStale(error)) return null;
  return <Alert severity="error">{error.message}</Alert>;
}

/**
 * A note is written at the keyboard: Ctrl+Enter (⌘+Enter) adds it, and the field keeps the focus for the next.
 * What is typed is kept as a draft under `draftKey` (lib/drafts): a reload or a session that ended does not lose it.
 * The application's latest notes (`timeline`, newest first) are listed under the box, so a note added shows
 * where it was written rather than at the far end of the page's history.
 */
export function NoteForm({
  mutation,
  draftKey,
  timeline,
  onAdded,
}: {
  mutation: FormMutation<AddNoteBody>;
  draftKey: string;
  timeline?: TimelineEntry[];
  /** After the note is saved (a phone's sheet closes). */
  onAdded?: () => void;
}) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const userId = useSession()?.id;
  const { register, handleSubmit, reset, formState } = useForm<AddNoteBody>({
    resolver: voicedZodResolver(addNoteBodySchema),
    defaultValues: { body: readDraft(userId, draftKey) },
  });
  // The textarea itself (TextField's own ref is its wrapper): the button was disabled while saving, which
  // dropped the focus to the page, so the field takes it back for the next note.
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) textarea.current?.focus();
  }, [focusRequests]);
  const { ref: registerRef, ...body } = register('body', {
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => writeDraft(userId, draftKey, event.target.value),
  });
  const focusField = () => setFocusRequests((count) => count + 1);
  const submit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        reset({ body: '' });
        writeDraft(userId, draftKey, '');
        notify('Nota agregada');
        focusField();
        onAdded?.();
      },
      onError: focusField,
    }),
  );
  return (
    <Stack component="form" spacing={1} onSubmit={(event) => void submit(event).catch(notifyError)}>
      <TextField
        label="Nueva nota"
        multiline
        minRows={TEXT_AREA_ROWS}
        {...body}
        inputRef={(element: HTMLTextAreaElement | null) => {
          registerRef(element);
          textarea.current = element;
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
          event.preventDefault();
          if (!mutation.isPending) void submit();
        }}
        error={!!formState.errors.body}
        helperText={formState.errors.body?.message ?? 'Ctrl+Enter para agregar'}
      />
      {mutation.error && <Alert severity="error">{mutation.error.message}</Alert>}
      <Button type="submit" variant="contained" disabled={mutation.isPending} sx={{ alignSelf: 'flex-end' }}>
        Agregar nota
      </Button>
      {timeline && <RecentNotes entries={timeline} />}
    </Stack>
  );
}

interface ManagementStatusFormProps {
  /** The select's label id (unique on the page). */
  id: string;
  /** The stored management status and the row version the change is made against (409 when stale). */
  current: string | null;
  version: number;
  mutation: FormMutation<SetManagementStatusBody>;
}

/** The picker's wall time ('YYYY-MM-DDTHH:mm', the country's clock) as the ISO instant the API takes. */
const wallTimeToIso = (local: string) => countryWallTimeToDate(COUNTRY, local)?.toISOString() ?? local;

/**
 * One management of the application (a contact attempt): its result, the channel (a call unless told), an
 * optional note and next action. Recording the same result again is another attempt, so it is allowed.
 * Remount it with the row's version (`key`) so that after a save or a 409 it starts from the stored value.
 */
export function ManagementStatusForm({ id, current, version, mutation }: ManagementStatusFormProps) {
  const [value, setValue] = useState(current ?? '');
  const [channel, setChannel] = useState<ManagementChannel>('call');
  const [nextAction, setNextAction] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyStale = useNotifyStale();
  const notifyError = useNotifyError();
  const now = countryWallTime(COUNTRY);
  const save = async () => {
    const parsed = setManagementStatusBodySchema.safeParse({
      management_status: value,
      version,
      channel,
      note,
      next_action_at: nextAction ? wallTimeToIso(nextAction) : undefined,
    });
    if (!parsed.success) return setProblem(say(parsed.error.issues[0]?.message ?? 'Datos inválidos'));
    setProblem(null);
    if (!(await confirm({ message: `¿Registrar la gestión “${value}”?` }))) return;
    mutation.mutate(
      { ...parsed.data, next_action_at: parsed.data.next_action_at ?? undefined },
      { onSuccess: () => notify('Gestión registrada'), onError: notifyStale },
    );
  };
  return (
    <Stack spacing={1} component="section" aria-label="Registrar gestión">
      <FormControl size="small">
        <InputLabel id={id}>Estado de gestión</InputLabel>
        <Select labelId={id} label="Estado de gestión" value={value} onChange={(event) => setValue(event.target.value)}>
          {MANAGEMENT_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small">
        <InputLabel id={`${id}-channel`}>Canal</InputLabel>
        <Select
          labelId={`${id}-channel`}
          label="Canal"
          value={channel}
          onChange={(event) => setChannel(event.target.value as ManagementChannel)}
        >
          {MANAGEMENT_CHANNELS.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <DateTimeField
        fullWidth
        size="small"
        min={now}
        label="Próxima acción (opcional)"
        value={nextAction}
        onChange={setNextAction}
        error={!!problem}
        helperText={problem ?? `Hora de ${COUNTRY_NAME}`}
      />
      <TextField size="small" label="Nota de la gestión (opcional)" value={note} onChange={(event) => setNote(event.target.value)} />
      <SaveError error={mutation.error} />
      <Button
        variant="outlined"
        disabled={!value || mutation.isPending}
        onClick={() => void save().catch(notifyError)}
        sx={{ alignSelf: 'flex-end' }}
      >
        Guardar gestión
      </Button>
    </Stack>
  );
}
