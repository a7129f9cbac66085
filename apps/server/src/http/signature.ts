import { createHmac } from 'node:crypto';
import { signaturePayload, type SignatureHasher } from '@simshop/contract';

/**
 * The contract's request signature computed with node's crypto: the contract's pure-JS HMAC
 * has to run in browsers without WebCrypto, but on the server it was a measurable share of every
 * request (issue 12). signature.test.ts holds the two to the same answers.
 */
export const nodeSignature: SignatureHasher = (secret, input) => createHmac('sha256', secret).update(signaturePayload(input), 'utf8').digest('hex');
