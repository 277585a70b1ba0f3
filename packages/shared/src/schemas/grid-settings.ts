import { z } from 'zod';

/**
 * The lists whose column choice and row density each user keeps (issue 3: "remembered per user"). Each is
 * also the screen that shows it: reading or saving a list's settings needs access to that screen.
 */
export const GRIDS = ['leads', 'sales'] as const;
export type GridId = (typeof GRIDS)[number];

export const GRID_DENSITIES = ['compact', 'standard', 'comfortable'] as const;

/** Column field names as the grids name them (`doc_number`, `status_id`, the grid's own `__check__`). */
const COLUMN_FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;
const MAX_COLUMNS = 40;

/**
 * A list's settings as the grid keeps them: which columns are shown or hidden (only those the user changed
 * from the list's defaults need be here) and the row density. Kept on the server, so they outlast the
 * logout that clears the browser's storage (SPEC 2) and follow the user to another computer.
 */
export const gridSettingsSchema = z.strictObject({
  columns: z
    .record(z.string().regex(COLUMN_FIELD, 'Nombre de columna inválido'), z.boolean())
    .refine((columns) => Object.keys(columns).length <= MAX_COLUMNS, `Como mucho ${MAX_COLUMNS} columnas`),
  density: z.enum(GRID_DENSITIES),
});
export type GridSettings = z.infer<typeof gridSettingsSchema>;

export const gridParamsSchema = z.object({ grid: z.enum(GRIDS) });

/** The user's settings of a list, or null while they have kept none (the list's defaults apply). */
export const gridSettingsResponseSchema = z.object({ settings: gridSettingsSchema.nullable() });
export type GridSettingsResponse = z.infer<typeof gridSettingsResponseSchema>;
