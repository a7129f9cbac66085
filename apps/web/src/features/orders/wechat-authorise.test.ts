import { describe, expect, it } from 'vitest';
import { wechatAuthoriseUrl } from './wechat-authorise';

describe('wechatAuthoriseUrl', () => {
  it('asks WeChat for a silent code and comes back to the page with the order as state', () => {
    const url = new URL(wechatAuthoriseUrl('wx123', 'https://shop.example.com/uni/pages/order/order-wepay?orderNo=SS1', 'SS1'));
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({ appid: 'wx123', redirect_uri: 'https://shop.example.com/uni/pages/order/order-wepay?orderNo=SS1', response_type: 'code', scope: 'snsapi_base', state: 'SS1' });
    expect(url.hash).toBe('#wechat_redirect');
  });
});
