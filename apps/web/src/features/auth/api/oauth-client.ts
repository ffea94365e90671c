import { config } from '@/lib/config';

/** HTTP Basic credentials of the web app's OAuth client (sent to /oauth/*). */
export const oauthClientAuthorization = () => `Basic ${btoa(`${config.oauthClientId}:${config.oauthClientSecret}`)}`;
