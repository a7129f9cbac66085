import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { jsapiSignatureBase, wechatAuthorizeRequest } from './wechat.ts';

describe('jsapiSignatureBase', () => {
  it('gives the signature of WeChat’s own JS-SDK example', () => {
    const base = jsapiSignatureBase({
      ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      nonceStr: 'Wm3WZYTPz0wzccnW',
      timestamp: 1414587457,
      url: 'http://mp.weixin.qq.com?params=value#fragment',
    });
    expect(base).toBe('jsapi_ticket=sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg&noncestr=Wm3WZYTPz0wzccnW&timestamp=1414587457&url=http://mp.weixin.qq.com?params=value');
    expect(bytesToHex(sha1(utf8ToBytes(base)))).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
});

describe('wechatAuthorizeRequest', () => {
  it('returns only to a page of the shop', () => {
    expect(wechatAuthorizeRequest.safeParse({ redirect: '/pages/login/wechat' }).success).toBe(true);
    expect(wechatAuthorizeRequest.safeParse({ redirect: 'https://evil.example/pages/x' }).success).toBe(false);
    expect(wechatAuthorizeRequest.safeParse({ redirect: '/pages/../x' }).success).toBe(false);
  });
});
