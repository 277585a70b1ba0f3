import { AUDIT_CHECKLIST_ITEMS, AUDIT_CHECKLIST_LABELS, AUDIT_DECISION_LABELS, statusLabelOf, type AuditRound } from '@backoffice/shared';
import { Card, CardContent, CardHeader } from '@mui/material';
import { IconCheck, IconClipboardCheck, IconRefresh, IconX, IconArrowBackUp } from '@tabler/icons-react';
import { Timeline, type TimelineItem } from '../../../components/timeline';
import { COUNTRY } from '../../../config/env';

/** The round's status with its step ('RE-AUDITORIA · AUDIT_RETRY'), as the queue and the timeline name it. */
const statusName = (id: number) => statusLabelOf(COUNTRY, id);

const LOOK = {
  approve: { icon: IconCheck, color: 'success' },
  reject: { icon: IconX, color: 'error' },
  retry: { icon: IconRefresh, color: 'warning' },
  request_information: { icon: IconArrowBackUp, color: 'info' },
} as const;

function toItem(round: AuditRound): TimelineItem {
  const checked = AUDIT_CHECKLIST_ITEMS.filter((item) => round.checklist[item]).map((item) => AUDIT_CHECKLIST_LABELS[item]);
  const checklist = `Verificado: ${checked.length > 0 ? checked.join(', ') : 'nada'}`;
  const look = round.decision ? LOOK[round.decision] : { icon: IconClipboardCheck, color: 'secondary' as const };
  return {
    key: String(round.id),
    icon: look.icon,
    color: look.color,
    title: round.decision
      ? `${AUDIT_DECISION_LABELS[round.decision]} · ${statusName(round.status_id)}`
      : `Salió de ${statusName(round.status_id)} sin decisión de auditoría`,
    body: round.decision ? [round.comment, checklist].filter(Boolean).join('\n') : undefined,
    at: round.decided_at ?? round.queued_at,
    who: round.auditor?.name ?? null,
  };
}

/** The lead's earlier audit rounds, newest first. */
export function AuditHistory({ rounds }: { rounds: AuditRound[] }) {
  return (
    <Card>
      <CardHeader title="Auditorías anteriores" />
      <CardContent>
        <Timeline items={rounds.map(toItem)} empty="Es la primera auditoría de esta solicitud" />
      </CardContent>
    </Card>
  );
}
