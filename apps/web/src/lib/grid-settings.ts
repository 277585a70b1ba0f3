import { GRIDS, canAccess, type GridId, type GridSettings, type GridSettingsResponse } from '@backoffice/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { COUNTRY } from '../config/env';
import { api } from './api-client';
import { useSession } from './session';

export const getGridSettings = (grid: GridId) => api.get<GridSettingsResponse>(`grid-settings/${grid}`);

/** Read once a visit: only this user changes them, through this hook. */
export const gridSettingsQueryOptions = (grid: GridId, userId: number | undefined) =>
  queryOptions({ queryKey: ['grid-settings', grid, userId], queryFn: () => getGridSettings(grid), staleTime: Infinity });

/**
 * Asks for the signed-in user's settings of every list their role may open, so a list opened after signing
 * in finds them already here instead of waiting for them.
 */
export function usePrefetchGridSettings() {
  const session = useSession();
  const queryClient = useQueryClient();
  const userId = session?.id;
  const role = session?.role;
  useEffect(() => {
    if (userId === undefined || role === undefined) return;
    for (const grid of GRIDS) {
      if (canAccess(grid, COUNTRY, role)) void queryClient.prefetchQuery(gridSettingsQueryOptions(grid, userId));
    }
  }, [queryClient, userId, role]);
}

/**
 * A list's column choice and row density for the signed-in user, kept on the server so they outlast the
 * logout that clears the browser's storage: `defaults` until the user changes them. A change shows at once
 * and is saved; a save that fails leaves the change for this visit. `pending` while they are on their way
 * (a failed read counts as none kept: the defaults).
 */
export function useGridSettings(grid: GridId, defaults: GridSettings) {
  const userId = useSession()?.id;
  const queryClient = useQueryClient();
  const options = gridSettingsQueryOptions(grid, userId);
  const { data, isPending } = useQuery(options);
  // The grid's models are controlled: a change must show in the next render, not after the request.
  const [changed, setChanged] = useState<GridSettings | null>(null);
  const { mutate } = useMutation({
    mutationFn: (settings: GridSettings) => api.put<GridSettingsResponse>(`grid-settings/${grid}`, settings),
    onSuccess: (saved) => queryClient.setQueryData(options.queryKey, saved),
    // Saves of one list go one after the other: two quick changes cannot reach the server out of order.
    scope: { id: `grid-settings-${grid}` },
  });
  const save = (settings: GridSettings) => {
    setChanged(settings);
    mutate(settings);
  };
  return { settings: changed ?? data?.settings ?? defaults, pending: isPending && !changed, save };
}
