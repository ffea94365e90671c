import { servirApiNoFilho } from '../lib/api-no-filho';

/**
 * The API next to the gateway, in a process of its own (the live channel /api/socket included):
 * it hears the gateway's NOTIFYs and pushes the owners' notifications to their sockets.
 */
servirApiNoFilho('ingest-api');
