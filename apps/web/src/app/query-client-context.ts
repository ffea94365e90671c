import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * A query cache handed down by whoever renders the app (each test render its own); without one,
 * the data layout uses the app's. A type-only import: the entry does not load the query library.
 */
export const QueryClientDado = createContext<QueryClient | undefined>(undefined);
