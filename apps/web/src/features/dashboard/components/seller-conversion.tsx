import type { DashboardResponse } from '@backoffice/shared';
import { Box, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Gauge } from '@mui/x-charts/Gauge';
import { count } from '../../../lib/format';
import { DashboardCard } from './dashboard-card';
import { Delta } from './delta';
import { percent } from './format';
import { say } from '../../../lib/voice';

type Conversion = NonNullable<DashboardResponse['conversion']>;
type Ranking = NonNullable<DashboardResponse['seller_ranking']>;

/** Share of the period's leads that reached ACCEPTED or later: the seller's own, or the country's. */
export function ConversionCard({ conversion, own }: { conversion: Conversion; own: boolean }) {
  return (
    <DashboardCard
      id="conversion"
      title={own ? say('Tu conversión') : 'Conversión'}
      subheader="Leads del período que llegaron a aceptado o más"
    >
      {conversion.created === 0 ? (
        // A rate of nothing is no 0%.
        <Typography color="text.secondary">Ningún lead creado en el período.</Typography>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box sx={{ width: 140, height: 120, flexShrink: 0 }}>
            <Gauge
              value={conversion.rate * 100}
              valueMin={0}
              valueMax={100}
              startAngle={-110}
              endAngle={110}
              text={() => percent(conversion.rate)}
              aria-label={`Conversión ${percent(conversion.rate)}`}
            />
          </Box>
          <Box>
            <Typography color="text.secondary">
              {count(conversion.converted)} de {count(conversion.created)} leads
            </Typography>
            {/* Against the period of equal length just before, in percentage points. */}
            <Delta now={conversion.rate} before={conversion.previous.rate} points testId="conversion-delta" />
          </Box>
        </Box>
      )}
    </DashboardCard>
  );
}

/** The ranking's count columns: on a phone their numbers are under the seller's name. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The sellers with the best conversion over the period (top 10). A ranking reads best as a list. */
export function SellerRanking({ ranking }: { ranking: Ranking }) {
  return (
    <DashboardCard id="ranking" title="Conversión por vendedor" subheader="Los 10 mejores del período">
      {ranking.length === 0 ? (
        <Typography color="text.secondary">Ningún vendedor tiene leads en el período.</Typography>
      ) : (
        // On a phone the counts go under the seller's name and the rate reads as its number alone (no bar): three
        // columns fit 390 px. A longer name still scrolls the table within its card, never cut short.
        <TableContainer>
          <Table size="small" aria-labelledby="ranking-title" sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Vendedor</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  Leads
                </TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  Convertidos
                </TableCell>
                <TableCell sx={{ width: { sm: '35%' } }}>Conversión</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ranking.map((row, index) => (
                <TableRow key={row.seller.id}>
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>
                    {row.seller.name}
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {count(row.converted)} de {count(row.created)} leads
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    {count(row.created)}
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    {count(row.converted)}
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <LinearProgress
                        variant="determinate"
                        value={row.rate * 100}
                        aria-label={`Conversión de ${row.seller.name}`}
                        sx={{ flexGrow: 1, height: 8, borderRadius: 4, display: { xs: 'none', sm: 'block' } }}
                      />
                      <Typography variant="body2" sx={{ minWidth: { sm: 52 }, textAlign: 'right', whiteSpace: 'nowrap' }}>
                        {percent(row.rate)}
                      </Typography>
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </DashboardCard>
  );
}
