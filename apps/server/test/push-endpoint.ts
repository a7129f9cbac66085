import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A browser's push service on loopback, for a test: it keeps every message posted to it, as a
 * push service would before handing it to the browser, and answers 201 (or `gone`'s endpoints
 * 410, a subscription the browser dropped). Each subscriber holds its own P-256 key pair and
 * auth secret, made here with node:crypto as a browser makes them, and decrypts what it got.
 */
export interface PushMessage {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushEndpoint {
  base: string;
  messages: PushMessage[];
  /** Paths that answer 410 Gone. */
  gone: Set<string>;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const messages: PushMessage[] = [];
  const gone = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      if (gone.has(path)) {
        res.writeHead(410).end();
        return;
      }
      messages.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages,
    gone,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** What a browser keeps for its subscription: its key pair and auth secret, and the JSON it hands the shop. */
export function makeSubscriber(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    endpoint,
    json: { endpoint, expirationTime: null, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } },
    /**
     * RFC 8291 with RFC 8188's aes128gcm: the header gives the salt, the record size and the
     * sender's one-time public key; the shared secret and the auth secret give the key and the
     * nonce; one record, ending in the 0x02 delimiter and zero padding.
     */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm message');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * Checks a message's VAPID signature (RFC 8292) as the push service does: `vapid t=<JWT>,
 * k=<public key>`, an ES256 JWT for the endpoint's origin signed by that key. Returns its claims.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error('signed with another key than the shop publishes');
  const [header, claims, signature] = jwt!.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  if (!ok) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}
