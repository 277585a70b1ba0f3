import { QueryClient } from '@tanstack/react-query';

/** Retries are the HTTP client's job (SPEC 7 policy), so the query layer does not add its own. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
