import type { DashboardResponse } from '@backoffice/shared';
import { Box, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Gauge } from '@mui/x-charts/Gauge';
import { count } from '../../../lib/format';
import { DashboardCard } from './dashboard-card';
import { Delta } from './delta';
import { percent } from './format';

type Conversion = NonNullable<DashboardResponse['conversion']>;
type Ranking = NonNullable<DashboardResponse['seller_ranking']>;

/** Share of the period's leads that reached ACCEPTED or later: the seller's own, or the country's. */
export function ConversionCard({ conversion, own }: { conversion: Conversion; own: boolean }) {
  return (
    <DashboardCard id="conversion" title={own ? 'Tu conversión' : 'Conversión'} subheader="Leads del período que llegaron a aceptado o más">
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

/** The sellers with the best conversion over the period (top 10). A ranking reads best as a list. */
export function SellerRanking({ ranking }: { ranking: Ranking }) {
  return (
    <DashboardCard id="ranking" title="Conversión por vendedor" subheader="Los 10 mejores del período">
      {ranking.length === 0 ? (
        <Typography color="text.secondary">Ningún vendedor tiene leads en el período.</Typography>
      ) : (
        <Table size="small" aria-labelledby="ranking-title">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Vendedor</TableCell>
              <TableCell align="right">Leads</TableCell>
              <TableCell align="right">Convertidos</TableCell>
              <TableCell sx={{ width: '35%' }}>Conversión</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ranking.map((row, index) => (
              <TableRow key={row.seller.id}>
                <TableCell>{index + 1}</TableCell>
                <TableCell>{row.seller.name}</TableCell>
                <TableCell align="right">{count(row.created)}</TableCell>
                <TableCell align="right">{count(row.converted)}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <LinearProgress variant="determinate" value={row.rate * 100} aria-label={`Conversión de ${row.seller.name}`} sx={{ flexGrow: 1, height: 8, borderRadius: 4 }} />
                    <Typography variant="body2" sx={{ minWidth: 52, textAlign: 'right' }}>
                      {percent(row.rate)}
                    </Typography>
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DashboardCard>
  );
}
