import {
  LOAN_STATUSES,
  MANAGEMENT_CHANNELS,
  catalogueLabel,
  managementResultLabel,
  statusLabelOf,
  type ManagementDetail,
} from '@backoffice/shared';
import { Card, CardContent, CardHeader, Grid, Link as MuiLink, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link } from 'react-router';
import { DetailField } from '../../../components/detail-field';
import { COUNTRY } from '../../../config/env';
import { dateTime, money } from '../../../lib/format';
import { roleLabel, subjectOf, type ApplicationPath } from './managements-columns';

const CALL_STATUS: Record<string, string> = { started: 'En curso', ended: 'Finalizada', failed: 'Fallida' };

function seconds(from: string, to: string | null): string {
  if (!to) return '';
  const total = Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
  return total < 60 ? `${total} s` : `${Math.floor(total / 60)} min ${total % 60} s`;
}

/** One management: what was recorded, on which lead or loan and customer, the call it came from, and what followed. */
export function ManagementDetailView({ detail, applicationPath }: { detail: ManagementDetail; applicationPath: ApplicationPath }) {
  const { management: m, lead, loan, customer, call, after } = detail;
  const subject = subjectOf(m, applicationPath);
  const fields = (items: [string, React.ReactNode][]) => (
    <Grid container spacing={2}>
      {items.map(([label, value]) => (
        <Grid key={label} size={{ xs: 12, sm: 6, md: 4 }}>
          <DetailField label={label}>{value}</DetailField>
        </Grid>
      ))}
    </Grid>
  );
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Card component="section" aria-label="Gestión" sx={{ mb: 3 }}>
          <CardHeader title="Gestión" />
          <CardContent>
            {fields([
              ['Fecha', dateTime(m.created_at)],
              ['Usuario', m.user ? `${m.user.name}${m.role ? ` (${roleLabel(m.role)})` : ''}` : 'Sistema'],
              ['Canal', catalogueLabel(MANAGEMENT_CHANNELS, m.channel)],
              ['Resultado', managementResultLabel(m.result)],
              ['Próxima acción', m.next_action_at ? dateTime(m.next_action_at) : ''],
              ['Nota', m.note ?? ''],
            ])}
          </CardContent>
        </Card>
        <Card component="section" aria-label="Lo que pasó después">
          <CardHeader title="Lo que pasó después" />
          <CardContent>
            {after.length === 0 ? (
              <Typography color="text.secondary">
                Nada todavía: es lo último registrado en {lead ? 'la solicitud' : 'el préstamo'}.
              </Typography>
            ) : (
              <List dense data-testid="management-after">
                {after.map((a, i) => (
                  <ListItem key={`${a.type}-${a.id ?? i}`} disableGutters>
                    <ListItemText
                      primary={
                        a.type === 'management' ? (
                          <>
                            Gestión{' '}
                            <MuiLink component={Link} to={`/daily-management?id=${a.id}`}>
                              #{a.id}
                            </MuiLink>
                            : {managementResultLabel(a.text)} · {catalogueLabel(MANAGEMENT_CHANNELS, a.channel ?? '')}
                          </>
                        ) : (
                          `Estado: ${lead ? statusLabelOf(COUNTRY, Number(a.text)) : catalogueLabel(LOAN_STATUSES, a.text)}`
                        )
                      }
                      secondary={`${dateTime(a.at)} · ${a.user ?? 'Sistema'}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        {subject && (
          <Card component="section" aria-label={lead ? 'Solicitud' : 'Préstamo'} sx={{ mb: 3 }}>
            <CardHeader
              title={
                <MuiLink component={Link} to={subject.href}>
                  {subject.label}
                </MuiLink>
              }
            />
            <CardContent>
              {lead &&
                fields([
                  ['Estado', statusLabelOf(COUNTRY, lead.status_id)],
                  ['Estado de gestión', lead.management_status ?? 'Sin gestión'],
                  ['Vendedor', lead.seller ?? 'Sin asignar'],
                ])}
              {loan &&
                fields([
                  ['Estado', catalogueLabel(LOAN_STATUSES, loan.status)],
                  ['Días de mora', String(loan.days_past_due)],
                  ['Saldo', money(loan.outstanding)],
                ])}
            </CardContent>
          </Card>
        )}
        {customer && (
          <Card component="section" aria-label="Cliente" sx={{ mb: 3 }}>
            <CardHeader title="Cliente" />
            <CardContent>
              {fields([
                ['Nombre', `${customer.first_name} ${customer.last_name}`],
                ['Documento', customer.doc_number],
                ['Celular', customer.cellphone ?? ''],
                ['Email', customer.email ?? ''],
              ])}
            </CardContent>
          </Card>
        )}
        <Card component="section" aria-label="Llamada">
          <CardHeader title="Llamada" />
          <CardContent>
            {call ? (
              fields([
                ['Llamada', `#${call.id}`],
                ['Estado', CALL_STATUS[call.status] ?? call.status],
                ['Celular', call.cellphone],
                ['Inicio', dateTime(call.started_at)],
                ['Duración', seconds(call.started_at, call.ended_at)],
                ['Telefonía', call.external_id ? `${call.adapter} · ${call.external_id}` : call.adapter],
              ])
            ) : (
              <Typography color="text.secondary">No vino de una llamada registrada.</Typography>
            )}
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
