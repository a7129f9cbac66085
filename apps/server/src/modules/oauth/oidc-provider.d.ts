/**
 * The part of oidc-provider 8's public API the shop uses (the package ships no types; the
 * community's @types/oidc-provider trails its releases). Only what is called here is declared.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    [key: string]: unknown;
    accountId?: string;
    clientId?: string;
    client_id?: string;
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: unknown;
  }
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface ClientMetadataView {
    clientId: string;
    clientName?: string;
    grantTypeAllowed(type: string): boolean;
  }

  export interface Grant {
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
    destroy(): Promise<void>;
  }
  export interface GrantConstructor {
    new (init: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface AccessToken {
    accountId: string;
    clientId: string;
    grantId: string;
    scope?: string;
    aud?: string | string[];
    isExpired: boolean;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> } };
    params: Record<string, unknown> & { client_id?: string; scope?: string };
    session?: { accountId: string };
    grantId?: string;
    lastSubmission?: unknown;
  }

  export type InteractionResults = Record<string, unknown>;

  export class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    readonly issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: InteractionResults, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    readonly Grant: GrantConstructor;
    readonly AccessToken: { find(token: string): Promise<AccessToken | undefined> };
    readonly Client: { find(id: string): Promise<(ClientMetadataView & { metadata(): Record<string, unknown> }) | undefined> };
  }
  export default Provider;

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
  };
}
