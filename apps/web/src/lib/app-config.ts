import { queryOptions, useQuery } from '@tanstack/react-query';
import { appConfigSchema } from '@rastro/shared/schemas/config';
import { apiRequest } from './api-client';

/** GET /api/config: captcha provider, map tiles and the version (public, fetched once). */
export const getAppConfig = () => apiRequest('/api/config', appConfigSchema, { auth: false });

export const APP_CONFIG_KEY = 'app-config';

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: [APP_CONFIG_KEY],
    queryFn: getAppConfig,
    staleTime: Infinity,
    gcTime: Infinity,
    // The login shows its own notice; the footer simply omits the version.
    meta: { errorMessage: false },
  });

export const useAppConfig = () => useQuery(appConfigQueryOptions());
