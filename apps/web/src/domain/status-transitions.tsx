import { TRANSITION_REASON_MAX, statusLabelOf, wholeAmountSchemas, type LeadTransitions, type TransitionOption } from '@backoffice/shared';
import { Alert, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { COUNTRY } from '../config/env';
import { automatedStageWait, stageFailureMessage } from './automated-stage-wait';
import { useConfirm, usePrompt } from '../components/confirm-dialog';
import { LoadingIndicator } from '../components/loading-indicator';
import { useNotifyError } from '../components/notifications';
import { say } from '../lib/voice';

interface StatusTransitionsProps {
  /** The workflow's `GET /leads/:id/transitions`, as each feature queries it. */
  options: UseQueryResult<LeadTransitions>;
  /** The confirmation asked before a move, e.g. `¿Pasar el lead a ${label}?`. */
  question: (label: string) => string;
  /**
   * Called once the user confirmed (and typed the reason when the transition needs one; the amount offered,
   * in whole currency units, when they set one where risk approves).
   */
  onMove: (option: TransitionOption, reason: string | undefined, offeredAmount?: number) => void;
  /** While a change is being sent. */
  disabled: boolean;
  'data-testid': string;
  /** Other actions listed before the transitions (the lead's automated stage). */
  children?: ReactNode;
  /** How a status is named here (the sale screens: by its sales name); the workflow's label otherwise. */
  labelOf?: StatusLabel;
}

type StatusLabel = (statusId: number) => string;
const workflowLabel: StatusLabel = (statusId) => statusLabelOf(COUNTRY, statusId);

/**
 * The amount offered as typed, read as the new-lead form reads the amount asked for ('1.500.000',
 * '$ 1.500.000', '1.500.000,00'), within the same limits (the server's for an offer too).
 */
const offerSchema = wholeAmountSchemas[COUNTRY];

/** Why a typed offer will not do (in Spanish, shown under the field), or undefined; blank keeps the offer. */
function offerProblem(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const parsed = offerSchema.safeParse(text);
  const reason = parsed.success ? undefined : parsed.error.issues[0]?.message;
  return reason === undefined ? undefined : say(reason);
}

/**
 * What a move's success says: where the application is now. Automated stages may have run on from the status
 * chosen (a lead sent to PREFILTER is decided at once), so the server's answer, not the choice, is named.
 */
export function movedMessage(subject: string, option: TransitionOption, nowStatusId: number, labelOf: StatusLabel = workflowLabel): string {
  const moved = `${subject} a ${labelOf(option.to_status)}`;
  return nowStatusId === option.to_status ? moved : `${moved}; ahora está en ${labelOf(nowStatusId)}`;
}

/**
 * The status changes the signed-in role may make from the current status, as the server lists them (the
 * server checks each again). Every change is confirmed; rejections and the like ask for the reason.
 */
export function StatusTransitions({
  options,
  question,
  onMove,
  disabled,
  'data-testid': testId,
  children,
  labelOf = workflowLabel,
}: StatusTransitionsProps) {
  const confirm = useConfirm();
  const prompt = usePrompt();
  const notifyError = useNotifyError();

  const move = async (option: TransitionOption) => {
    const message = question(labelOf(option.to_status));
    let reason: string | undefined;
    let offeredAmount: number | undefined;
    if (option.sets_offer && !option.reason_required) {
      // Risk approving may set the amount; left empty, the lead keeps its offer (or gets the default one).
      const typed = await prompt({
        title: 'Cambiar estado',
        message,
        input: { label: 'Monto ofrecido (vacío: se mantiene la oferta)', required: false, maxLength: 20, validate: offerProblem },
      });
      if (typed === null) return;
      // The dialog let through only a blank or an amount the schema reads.
      offeredAmount = typed === '' ? undefined : offerSchema.parse(typed);
    } else if (option.reason_required) {
      const typed = await prompt({
        title: 'Cambiar estado',
        message,
        input: { label: 'Motivo', required: true, maxLength: TRANSITION_REASON_MAX },
      });
      if (typed === null) return;
      reason = typed;
    } else if (!(await confirm({ title: 'Cambiar estado', message }))) {
      return;
    }
    onMove(option, reason, offeredAmount);
  };

  // What an application at an automated stage waits for (null elsewhere).
  const waiting = options.data ? automatedStageWait(COUNTRY, options.data.status_id) : null;
  const failure = options.data?.stage_failure;

  return (
    <Card>
      <CardHeader title="Cambiar estado" />
      <CardContent>
        {failure && (
          <Alert severity={failure.retry_at ? 'warning' : 'error'} sx={{ mb: 1 }} data-testid="stage-failure">
            {stageFailureMessage(COUNTRY, failure)}
          </Alert>
        )}
        {options.isPending ? (
          <LoadingIndicator loading loadingText="Cargando transiciones…" />
        ) : options.error ? (
          <Alert severity="error">{options.error.message}</Alert>
        ) : options.data.transitions.length === 0 && !children ? (
          // At an automated stage nobody picks the next status: say what it waits for, not "nothing for you".
          <Typography color="text.secondary" data-testid={waiting ? 'automated-stage-wait' : undefined}>
            {waiting ?? say('No hay cambios de estado disponibles para tu rol desde el estado actual.')}
          </Typography>
        ) : (
          <Stack spacing={1} data-testid={testId}>
            {waiting && (
              <Typography variant="body2" color="text.secondary" data-testid="automated-stage-wait">
                {waiting}
              </Typography>
            )}
            {children}
            {options.data.transitions.map((option) => (
              <Stack key={option.to_status} spacing={0.5}>
                <Button
                  variant="outlined"
                  color={option.reason_required ? 'error' : 'primary'}
                  disabled={disabled || option.blocked !== null}
                  onClick={() => void move(option).catch(notifyError)}
                >
                  {labelOf(option.to_status)}
                </Button>
                {option.blocked && (
                  <Typography variant="caption" color="text.secondary">
                    {option.blocked}
                  </Typography>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
