import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';

type WechatConfig = NonNullable<Config['wechat']>;

/**
 * WeChat Pay API v3, JSAPI (payment inside WeChat's browser): prepay orders signed with the
 * merchant key, notifications verified with the platform key and decrypted with the API v3 key.
 */
export interface WechatPayProvider {
  /** The payer's openid for an OAuth code from WeChat's authorise redirect. */
  openIdFor(code: string): Promise<string>;
  prepay(input: { paymentId: string; description: string; amount: number; currency: string; openId: string; notifyUrl: string }): Promise<Record<string, string>>;
  /** Closes an unpaid order (a superseded payment) so it can no longer be paid. */
  closeOrder(paymentId: string): Promise<void>;
  /** Verifies and decrypts a notification; throws when it is not genuine or too old. */
  parseNotification(headers: Record<string, string | undefined>, rawBody: string, now?: number): WechatNotification;
}

export interface WechatNotification {
  eventId: string;
  paymentId: string;
  transactionId: string;
  succeeded: boolean;
  amount: number;
  currency: string;
}

const TOLERANCE_S = 300;

export function signWechatMessage(privateKey: string, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
}

export function decryptWechatResource(apiV3Key: string, resource: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

export function createWechatPayProvider(config: WechatConfig): WechatPayProvider {
  const authorization = (method: string, path: string, body: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = signWechatMessage(config.privateKey, `${method}\n${path}\n${timestamp}\n${nonce}\n${body}\n`);
    return `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.serial}"`;
  };
  return {
    async openIdFor(code) {
      const url = new URL(`${config.oauthBase}/sns/oauth2/access_token`);
      url.search = new URLSearchParams({ appid: config.appId, secret: config.appSecret, code, grant_type: 'authorization_code' }).toString();
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as { openid?: string; errcode?: number };
      if (!res.ok || !body.openid) throw new Error(`WeChat OAuth failed (${body.errcode ?? res.status})`);
      return body.openid;
    },
    async prepay(input) {
      const path = '/v3/pay/transactions/jsapi';
      const body = JSON.stringify({
        appid: config.appId,
        mchid: config.mchId,
        description: input.description.slice(0, 127),
        out_trade_no: input.paymentId.replace(/-/g, ''),
        notify_url: input.notifyUrl,
        amount: { total: input.amount, currency: input.currency === 'USD' ? 'USD' : 'CNY' },
        payer: { openid: input.openId },
      });
      const res = await fetch(`${config.apiBase}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: authorization('POST', path, body) },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      if (!res.ok) throw new Error(`WeChat Pay answered ${res.status}`);
      const { prepay_id: prepayId } = (await res.json()) as { prepay_id?: string };
      if (!prepayId) throw new Error('WeChat Pay returned no prepay_id');
      const timeStamp = String(Math.floor(Date.now() / 1000));
      const nonceStr = randomBytes(16).toString('hex');
      const pkg = `prepay_id=${prepayId}`;
      return { appId: config.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign: signWechatMessage(config.privateKey, `${config.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`) };
    },
    async closeOrder(paymentId) {
      const path = `/v3/pay/transactions/out-trade-no/${paymentId.replace(/-/g, '')}/close`;
      const body = JSON.stringify({ mchid: config.mchId });
      const res = await fetch(`${config.apiBase}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: authorization('POST', path, body) },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      // 204 closed; ORDER_NOT_EXIST (never prepaid) leaves nothing to close. A paid order cannot be
      // closed: its notification brings the money, which is refunded.
      if (res.status === 204 || res.ok) return;
      const answer = (await res.json().catch(() => ({}))) as { code?: string };
      if (answer.code === 'ORDER_NOT_EXIST' || answer.code === 'ORDERPAID' || answer.code === 'ORDER_CLOSED') return;
      throw new Error(`WeChat Pay answered ${res.status} to close`);
    },
    parseNotification(headers, rawBody, now = Date.now()) {
      const timestamp = headers['wechatpay-timestamp'];
      const nonce = headers['wechatpay-nonce'];
      const signature = headers['wechatpay-signature'];
      if (!timestamp || !nonce || !signature) throw new Error('missing WeChat Pay signature headers');
      if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_S) throw new Error('stale WeChat Pay notification');
      const genuine = createVerify('RSA-SHA256').update(`${timestamp}\n${nonce}\n${rawBody}\n`).verify(config.platformPublicKey, signature, 'base64');
      if (!genuine) throw new Error('WeChat Pay signature mismatch');
      const envelope = JSON.parse(rawBody) as { id: string; resource: { ciphertext: string; nonce: string; associated_data?: string } };
      const tx = JSON.parse(decryptWechatResource(config.apiV3Key, envelope.resource)) as {
        out_trade_no: string;
        transaction_id: string;
        trade_state: string;
        amount: { total: number; currency: string };
      };
      return { eventId: envelope.id, paymentId: paymentIdFromTradeNo(tx.out_trade_no), transactionId: tx.transaction_id, succeeded: tx.trade_state === 'SUCCESS', amount: tx.amount.total, currency: tx.amount.currency };
    },
  };
}

/** out_trade_no is the payment's UUID without dashes (WeChat allows 32 characters). */
export function paymentIdFromTradeNo(tradeNo: string): string {
  return /^[0-9a-f]{32}$/.test(tradeNo) ? `${tradeNo.slice(0, 8)}-${tradeNo.slice(8, 12)}-${tradeNo.slice(12, 16)}-${tradeNo.slice(16, 20)}-${tradeNo.slice(20)}` : tradeNo;
}
