import {
  AUDIT_CHECKLIST_ITEMS,
  AUDIT_CHECKLIST_LABELS,
  AUDIT_COMMENT_MAX,
  AUDIT_DECISIONS,
  AUDIT_DECISION_LABELS,
  AUDIT_MESSAGES,
  EMPTY_CHECKLIST,
  TEXT_AREA_ROWS,
  auditDecisionBodySchema,
  isPayableAccount,
  statusIdOf,
  type AuditChecklist,
  type AuditDecision,
  type AuditDetail,
} from '@backoffice/shared';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { useDecideAudit } from '../api/decide-audit';
import { say } from '../../../lib/voice';

const BUTTON_COLOR: Record<AuditDecision, 'success' | 'error' | 'warning' | 'info'> = {
  approve: 'success',
  reject: 'error',
  retry: 'warning',
  request_information: 'info',
};

const CONFIRM_MESSAGE: Record<AuditDecision, string> = {
  approve: '¿Aprobar la solicitud? Pasa a transferencia.',
  reject: '¿Rechazar la solicitud?',
  retry: '¿Enviar la solicitud a re-auditoría?',
  request_information: '¿Pedir información? La solicitud vuelve al vendedor (DEVUELTO).',
};

const RETRY_STATUS = statusIdOf(COUNTRY, 'AUDIT_RETRY');

const conjunction = new Intl.ListFormat('es', { type: 'conjunction' });

/**
 * The checklist items an approval still lacks, in one sentence ("… Identidad, Firma y Teléfono"): the schema and
 * the server name each item's field, which said as five lines (and a toast naming only the first) read as noise.
 */
function checklistProblem(errors: Record<string, string>): string | undefined {
  const missing = AUDIT_CHECKLIST_ITEMS.filter((item) => errors[`checklist.${item}`]);
  return missing.length > 0
    ? say(AUDIT_MESSAGES.checklistIncomplete(conjunction.format(missing.map((item) => AUDIT_CHECKLIST_LABELS[item]))))
    : undefined;
}

/** Each field's first refusal by the shared schema, keyed by its path ('comment', 'checklist.identity'). */
function formErrors(body: {
  decision: AuditDecision;
  checklist: AuditChecklist;
  comment: string;
  version: number;
}): Record<string, string> {
  const parsed = auditDecisionBodySchema.safeParse(body);
  if (parsed.success) return {};
  const found: Record<string, string> = {};
  for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= say(issue.message);
  return found;
}

/** The form's problems in one sentence (the checklist's, or the first): an edit that leaves it as it was changes nothing. */
const problemMessage = (errors: Record<string, string>) => checklistProblem(errors) ?? Object.values(errors)[0];

/**
 * The documents checklist, the comment and the four decisions. The shared schema checks the form before
 * asking for confirmation (comment required unless approving; approving needs every item verified); the
 * server checks the same and has the last word (claim, version, workflow).
 *
 * A refusal of the form's own fields shows once, on the form, and follows what is still missing as the user
 * puts it right (issue 39: not again in a notice). Any other refusal shows in a notice that stays until a
 * decision is taken or the form goes (another case, or a new round: the route remounts the form).
 */
export function AuditDecisionForm({ detail, userId }: { detail: AuditDetail; userId: number | undefined }) {
  const decide = useDecideAudit(detail.lead.id);
  const confirm = useConfirm();
  const notify = useNotify();
  const [checklist, setChecklist] = useState<AuditChecklist>(detail.current?.checklist ?? EMPTY_CHECKLIST);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The decision the form refused (its errors are the schema's, checked again as the user edits), or null.
  const [refused, setRefused] = useState<AuditDecision | null>(null);
  // Closes the error notice shown, if any.
  const closeNotice = useRef<(() => void) | null>(null);
  const mine = !!detail.claim && detail.claim.user.id === userId;
  // Nothing to pay into (or a col account without its type): the account cannot be verified nor the
  // application approved (the server refuses it too).
  const noAccount = !isPayableAccount(detail.lead.customer);
  useEffect(
    () => () => {
      closeNotice.current?.();
      closeNotice.current = null;
    },
    [],
  );
  if (!detail.current) return null;

  const showNotice = (message: string | undefined) => {
    closeNotice.current?.();
    closeNotice.current = message === undefined ? null : notify({ message, color: 'error', timeout: null });
  };

  /** The form's errors once the user changed it: only those of the refused decision that still hold. */
  const edited = (next: { checklist: AuditChecklist; comment: string }) => {
    if (refused === null) return;
    const still = formErrors({ decision: refused, ...next, version: detail.lead.version });
    const kept = Object.fromEntries(Object.entries(still).filter(([key]) => key in errors));
    if (Object.keys(kept).length === Object.keys(errors).length && problemMessage(kept) === problemMessage(errors)) return;
    setErrors(kept);
    if (Object.keys(kept).length === 0) setRefused(null);
  };

  const submit = async (decision: AuditDecision) => {
    const body = { decision, checklist, comment, version: detail.lead.version };
    const found = formErrors(body);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setRefused(decision);
      showNotice(undefined);
      return;
    }
    setErrors({});
    setRefused(null);
    showNotice(undefined);
    const label = AUDIT_DECISION_LABELS[decision];
    // SPEC 2's dialog: the decision is its title, 'Confirmar' confirms it.
    if (!(await confirm({ title: label, message: CONFIRM_MESSAGE[decision] }))) return;
    decide.mutate(body, {
      onSuccess: () => {
        setComment('');
        setErrors({});
        showNotice(undefined);
        notify(`Auditoría registrada: ${label}`);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? Object.fromEntries(error.fields.map((field) => [field.field, field.message])) : {};
        setErrors(fields);
        // Shown on the form when it names the comment or the checklist; anything else (a stale version, a claim lost) in the notice.
        showNotice(fields.comment !== undefined || checklistProblem(fields) !== undefined ? undefined : error.message);
      },
    });
  };

  const checklistError = checklistProblem(errors);
  return (
    <Card>
      <CardHeader title="Decisión" />
      <CardContent>
        <Stack spacing={2}>
          {!mine && <Alert severity="info">{say('Toma el caso para decidir.')}</Alert>}
          {noAccount && <Alert severity="warning">{say(AUDIT_MESSAGES.noBankAccount)}</Alert>}
          <FormGroup aria-label="Checklist de documentos">
            {AUDIT_CHECKLIST_ITEMS.map((item) => (
              <FormControlLabel
                key={item}
                label={AUDIT_CHECKLIST_LABELS[item]}
                control={
                  <Checkbox
                    checked={checklist[item]}
                    disabled={!mine || (item === 'bank_account' && noAccount)}
                    onChange={(event) => {
                      const next = { ...checklist, [item]: event.target.checked };
                      setChecklist(next);
                      edited({ checklist: next, comment });
                    }}
                  />
                }
              />
            ))}
            {checklistError && <FormHelperText error>{checklistError}</FormHelperText>}
          </FormGroup>
          <TextField
            label="Comentario"
            multiline
            minRows={TEXT_AREA_ROWS}
            value={comment}
            disabled={!mine}
            onChange={(event) => {
              setComment(event.target.value);
              edited({ checklist, comment: event.target.value });
            }}
            error={!!errors.comment}
            helperText={errors.comment ?? 'Obligatorio para rechazar, re-auditar o pedir información'}
            slotProps={{ htmlInput: { maxLength: AUDIT_COMMENT_MAX } }}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {AUDIT_DECISIONS.filter((decision) => decision !== 'retry' || detail.lead.status_id !== RETRY_STATUS).map((decision) => (
              <Button
                key={decision}
                variant={decision === 'approve' ? 'contained' : 'outlined'}
                color={BUTTON_COLOR[decision]}
                disabled={!mine || decide.isPending || (decision === 'approve' && noAccount)}
                onClick={() => void submit(decision)}
              >
                {AUDIT_DECISION_LABELS[decision]}
              </Button>
            ))}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
