import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link } from 'react-router';
import { useMassiveCatalogue } from '../../features/massive/api/massive';
import { resolvePath } from '../../lib/api-client';

/** /massives: the catalogue of bulk operations, their columns and rules, templates and roles. */
export default function MassivesRoute() {
  const { data, error } = useMassiveCatalogue();
  return (
    <Stack spacing={2.5}>
      <Typography variant="h4" component="h1">
        Operaciones masivas
      </Typography>
      {error && <Alert severity="error">{error.message}</Alert>}
      {data?.types.map((type) => (
        <Card key={type.type} data-testid={`massive-type-${type.type}`}>
          <CardContent>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h6" sx={{ flexGrow: 1 }}>
                {type.label}
              </Typography>
              <Button component="a" href={resolvePath(`massives/${type.type}/template?format=csv`)} download>
                Plantilla CSV
              </Button>
              <Button component="a" href={resolvePath(`massives/${type.type}/template?format=xlsx`)} download>
                Plantilla XLSX
              </Button>
              {type.allowed && (
                <Button variant="contained" component={Link} to={`/create-massive?type=${type.type}`}>
                  Crear lote
                </Button>
              )}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {type.description} Roles: {type.roles.join(', ')}.
            </Typography>
            <Table size="small" sx={{ mt: 1 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Columna</TableCell>
                  <TableCell>Obligatoria</TableCell>
                  <TableCell>Regla</TableCell>
                  <TableCell>Ejemplo</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {type.columns.map((column) => (
                  <TableRow key={column.name}>
                    <TableCell>
                      <code>{column.name}</code> · {column.label}
                    </TableCell>
                    <TableCell>{column.required ? 'Sí' : 'No'}</TableCell>
                    <TableCell>{column.rule}</TableCell>
                    <TableCell>{column.example}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      ))}
      {data && data.planned.length > 0 && (
        <Box>
          <Typography variant="subtitle1">Próximamente</Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {data.planned.map((planned) => (
              <Chip key={planned.label} label={planned.label} title={planned.needs} variant="outlined" />
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
