import { MY_WORK_COUNTS, canAccess, type MyWork, type MyWorkCount, type MyWorkItem, type RoleId, type Screen } from '@backoffice/shared';
import { Box, Link as MuiLink, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { COUNTRY } from '../../../config/env';
import { useApplicationPath } from '../../../lib/application-path';
import { calendarDate, count, dateTime, money, time } from '../../../lib/format';
import { DashboardCard } from './dashboard-card';
import { say } from '../../../lib/voice';

/** The list a count opens, the first of these screens the role may open (none: the count is no link). */
const COUNT_LISTS: Record<MyWorkCount, readonly Screen[]> = {
  call_backs_overdue: ['sales', 'leads'],
  call_backs_today: ['sales', 'leads'],
  team_call_backs_overdue: ['leads'],
  unassigned_leads: ['sales', 'leads'],
  audits_claimed: ['audits'],
  audits_unclaimed: ['audits'],
  promises_due: ['collections'],
  next_actions_due: ['collections'],
  loans_unassigned: ['collections'],
  stages_stopped: [],
  risk_manual: ['leads'],
};

const sameDay = (at: string) => dateTime(at).slice(0, 10) === dateTime(new Date().toISOString()).slice(0, 10);
/** Today's instants by their time only; earlier ones with their day. */
const when = (at: string) => (sameDay(at) ? `hoy a las ${time(at)}` : `el ${dateTime(at)}`);

/** What an item is about and when, in words. */
function describe(item: MyWorkItem): string {
  switch (item.kind) {
    case 'call_back':
      return item.due_at ? `Llamada ${item.overdue ? 'vencida, era' : 'para'} ${when(item.due_at)}` : 'Llamada pendiente';
    case 'audit':
      return item.due_at ? `En la cola desde ${when(item.due_at)}` : 'Caso tomado';
    case 'collection':
      if (item.reason === 'promise') {
        const amount = item.amount === null ? '' : ` por ${money(item.amount)}`;
        return item.overdue && item.due_at ? `Promesa${amount} vencida el ${calendarDate(item.due_at)}` : `Promesa${amount} para hoy`;
      }
      return item.due_at ? `Próxima acción ${item.overdue ? 'vencida, era' : 'para'} ${when(item.due_at)}` : 'Próxima acción';
    case 'stage':
      return say('Etapa automática detenida: ejecútala a mano');
    case 'risk':
      return item.due_at ? `Esperando decisión desde ${when(item.due_at)}` : 'Esperando decisión';
  }
}

/**
 * "Mi trabajo de hoy": what the signed-in user has to do today (their call backs, the cases they claimed,
 * the promises and next actions of their loans; the team's pending work for those who manage it), as the
 * server counted it for them, each item a link to where it is worked.
 */
export function MyWorkCard({ work, role }: { work: MyWork; role: RoleId }) {
  const applicationPath = useApplicationPath();
  const pathOf = (item: MyWorkItem) => {
    if (item.kind === 'audit') return `/audit-detail?id=${item.id}`;
    if (item.kind === 'collection') return `/collection-detail?id=${item.id}`;
    return applicationPath(item.id);
  };
  const listOf = (id: MyWorkCount) => COUNT_LISTS[id].find((screen) => canAccess(screen, COUNTRY, role));
  const pending = work.counts.some((c) => c.count > 0) || work.items.length > 0;
  return (
    <DashboardCard id="my-work" title="Mi trabajo de hoy">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, mb: work.items.length > 0 ? 2 : 0 }}>
        {work.counts.map(({ id, count: n }) => {
          const list = listOf(id);
          return (
            <Box key={id} data-testid={`my-work-${id}`} sx={{ minWidth: 140 }}>
              <Typography variant="body2" color="text.secondary">
                {list ? (
                  <MuiLink component={Link} to={`/${list}`} underline="hover" color="inherit">
                    {say(MY_WORK_COUNTS[id])}
                  </MuiLink>
                ) : (
                  say(MY_WORK_COUNTS[id])
                )}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="my-work-count">
                {count(n)}
              </Typography>
            </Box>
          );
        })}
      </Stack>
      {work.items.length > 0 ? (
        <List dense disablePadding aria-label="Pendientes de hoy" data-testid="my-work-items">
          {work.items.map((item) => (
            <ListItem key={`${item.kind}-${item.id}`} disableGutters divider>
              {item.overdue && (
                <Box component="span" sx={{ display: 'inline-flex', color: 'error.main', mr: 1 }}>
                  <IconAlertCircle size={18} aria-hidden />
                </Box>
              )}
              <ListItemText
                primary={
                  <MuiLink component={Link} to={pathOf(item)} underline="hover">
                    {item.customer} · #{item.id}
                  </MuiLink>
                }
                secondary={describe(item)}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        !pending && <Typography color="text.secondary">Nada pendiente por hoy.</Typography>
      )}
    </DashboardCard>
  );
}
