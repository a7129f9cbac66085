import { useEndpointMutation } from '@/lib/endpoint-query';

/**
 * seed.image_code (seedAuthc when signed in): a new proof-of-work challenge, asked for on each
 * tap of "send code" (each challenge is used once, so it is a write, never a cached read).
 */
export const useImageCode = (signedIn: boolean) => useEndpointMutation(signedIn ? 'seedAuthc' : 'seed', 'image_code', { invalidates: [] });
