import { STATUSES, searchMatches, searchTerms, type SearcherCustomer, type SearcherResponse, type SearchTerms } from '@backoffice/shared';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { IconMail, IconPhone, IconId } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { StatusChip } from '../../../components/status-chip';
import { COUNTRY } from '../../../config/env';
import { date, money } from '../../../lib/format';
import { useApplicationPath } from '../../../lib/application-path';
import { say } from '../../../lib/voice';

const statusById = new Map(STATUSES[COUNTRY].map((status) => [status.id, status]));

/** `text` with the parts the search matched marked, so each result says why it is there. */
function Marked({ text, terms }: { text: string; terms: SearchTerms }) {
  const parts = [];
  let from = 0;
  for (const [start, end] of searchMatches(text, terms)) {
    parts.push(text.slice(from, start));
    parts.push(
      <Box
        component="mark"
        key={start}
        sx={(theme) => ({ bgcolor: alpha(theme.palette.warning.main, 0.3), color: 'inherit', borderRadius: 0.5 })}
      >
        {text.slice(start, end)}
      </Box>,
    );
    from = end;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

function CustomerCard({ customer, terms, leadsLinked }: { customer: SearcherCustomer; terms: SearchTerms; leadsLinked: boolean }) {
  const applicationPath = useApplicationPath();
  return (
    <Card data-testid="searcher-customer">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2, mb: 1.5 }}>
          <Typography variant="h6" component="h2">
            <Marked text={`${customer.first_name} ${customer.last_name}`} terms={terms} />
          </Typography>
          <Stack direction="row" spacing={2} sx={{ color: 'text.secondary', flexWrap: 'wrap' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <IconId size={16} aria-hidden />
              {/* One flex item: the marks stay inside the text, not spaced out by the row's gap. */}
              <span>
                {customer.doc_type} <Marked text={customer.doc_number} terms={terms} />
                {customer.cuil && (
                  <>
                    {' · CUIL '}
                    <Marked text={customer.cuil} terms={terms} />
                  </>
                )}
              </span>
            </Box>
            {customer.cellphone && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <IconPhone size={16} aria-hidden />
                <span>
                  <Marked text={customer.cellphone} terms={terms} />
                </span>
              </Box>
            )}
            {customer.email && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <IconMail size={16} aria-hidden />
                <span>
                  <Marked text={customer.email} terms={terms} />
                </span>
              </Box>
            )}
          </Stack>
        </Box>
        {customer.applications.length === 0 ? (
          <Typography color="text.secondary">Sin solicitudes</Typography>
        ) : (
          <Table size="small" sx={{ tableLayout: 'fixed' }} aria-label={`Solicitudes de ${customer.first_name} ${customer.last_name}`}>
            <TableHead>
              {/* Fixed widths keep the customers' tables aligned; the status names are the longest values. */}
              <TableRow>
                <TableCell sx={{ width: '9%' }}>Solicitud</TableCell>
                <TableCell sx={{ width: '11%' }}>Fecha</TableCell>
                <TableCell sx={{ width: '25%' }}>Estado</TableCell>
                <TableCell sx={{ width: '15%' }}>Paso</TableCell>
                <TableCell sx={{ width: '11%' }} align="right">
                  Monto
                </TableCell>
                <TableCell sx={{ width: '14%' }}>Vendedor</TableCell>
                <TableCell sx={{ width: '15%' }}>Gestión</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {customer.applications.map((application) => {
                const status = statusById.get(application.status_id);
                return (
                  <TableRow key={application.id} hover>
                    <TableCell>
                      <MuiLink component={Link} to={applicationPath(application.id)}>
                        #{application.id}
                      </MuiLink>
                    </TableCell>
                    <TableCell>{date(application.created_at)}</TableCell>
                    {/* The chip keeps its whole width: the table narrows the other columns instead of cutting it. */}
                    <TableCell sx={{ '& .MuiChip-root': { maxWidth: 'none' } }}>
                      {status ? <StatusChip {...status} /> : application.status_id}
                    </TableCell>
                    <TableCell>{application.step ?? '—'}</TableCell>
                    <TableCell align="right">{money(application.requested_amount)}</TableCell>
                    <TableCell>{application.seller?.name ?? 'Sin asignar'}</TableCell>
                    <TableCell>{application.management_status ?? 'Sin gestión'}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {customer.more_applications &&
          (leadsLinked ? (
            <Chip
              size="small"
              sx={{ mt: 1 }}
              clickable
              component={Link}
              to={`/leads?q=${encodeURIComponent(customer.doc_number)}`}
              label="Hay solicitudes más antiguas: ver todas en Leads"
            />
          ) : (
            <Chip size="small" sx={{ mt: 1 }} label="Hay solicitudes más antiguas que no se muestran aquí" />
          ))}
      </CardContent>
    </Card>
  );
}

/**
 * The customers a search for `q` found, each with their newest applications linking to the detail screens;
 * `leadsLinked` (the user may open /leads) links a customer with older applications to all of them there.
 */
export function SearcherResults({ data, q, leadsLinked }: { data: SearcherResponse; q: string; leadsLinked: boolean }) {
  const terms = useMemo(() => searchTerms(q), [q]);
  if (data.customers.length === 0) return <Alert severity="info">No hay clientes que coincidan con la búsqueda.</Alert>;
  return (
    <Stack spacing={2}>
      {data.more && (
        <Alert severity="warning">
          {say(`Se muestran los ${data.customers.length} clientes más recientes: precisa la búsqueda para ver otros.`)}
        </Alert>
      )}
      {data.customers.map((customer) => (
        <CustomerCard key={customer.id} customer={customer} terms={terms} leadsLinked={leadsLinked} />
      ))}
    </Stack>
  );
}
