import { checkSignature, computeSignature, type SignatureInput } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { nodeSignature } from './signature.ts';

const inputs: SignatureInput[] = [
  { query: 'action=list', body: '{"page":1,"size":20,"i18n":"en"}', token: '', timestamp: '1763900000000' },
  { query: 'action=create', body: '{"items":[{"skuId":7,"quantity":1,"inputs":{"iccid":"8986"}}]}', token: 'tok-abc.def', timestamp: '1' },
  // Non-ASCII bodies are signed as UTF-8 on both sides: Chinese, an emoji (a surrogate pair), a combining mark.
  { query: 'action=save&x=%E4%B8%AD', body: '{"name":"张三 👋 é","note":"\\n\\t"}', token: 'x', timestamp: '1763900000123' },
  { query: '', body: '', token: '', timestamp: '' },
  // Longer than the buffer kept for messages: a buffer of its own.
  { query: 'action=save', body: JSON.stringify({ note: '长'.repeat(9000) }), token: 't', timestamp: '2' },
];

describe('the server computes the contract signature with node crypto', () => {
  it('gives the same signature as the browser implementation', () => {
    for (const secret of ['bench-signing-secret-0123456789', 'ключ-秘密', '', 'k'.repeat(100)]) {
      for (const input of inputs) expect(nodeSignature(secret, input)).toBe(computeSignature(secret, input));
    }
  });

  it('accepts what the browser signed and refuses an altered body', () => {
    const now = 1_763_900_000_000;
    const input = { query: 'action=list', body: '{"page":1}', token: 't', timestamp: String(now) };
    const signature = computeSignature('s3cret', input);
    expect(checkSignature('s3cret', input, signature, now, nodeSignature)).toBe('ok');
    expect(checkSignature('s3cret', { ...input, body: '{"page":2}' }, signature, now, nodeSignature)).toBe('mismatch');
  });
});
