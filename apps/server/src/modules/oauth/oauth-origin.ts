import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/** The shop's address for the authorization server and the resource: PUBLIC_URL, else where the request came to. */
export const originOf = (config: Config, request: FastifyRequest) => config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
