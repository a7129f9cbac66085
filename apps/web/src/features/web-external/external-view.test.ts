import { describe, expect, it } from 'vitest';
import { externalView } from './external-view';

const SHOP = 'https://shop.example.com';

describe('externalView', () => {
  it('asks before leaving for another site in this window: the page is no open redirect', () => {
    expect(externalView('https://evil.example.net/login', '_self', SHOP)).toMatchObject({ kind: 'confirm', url: { host: 'evil.example.net' } });
    expect(externalView('http://shop.example.com.evil.net/', '_self', SHOP)).toMatchObject({ kind: 'confirm' });
  });

  it("goes straight on within the shop's own origin", () => {
    expect(externalView('https://shop.example.com/uni/pages/index/index', '_self', SHOP)).toMatchObject({ kind: 'go' });
  });

  it('embeds other targets, opening first for _blank', () => {
    expect(externalView('https://example.com/help', '', SHOP)).toMatchObject({ kind: 'embed', openFirst: false });
    expect(externalView('https://example.com/help', '_blank', SHOP)).toMatchObject({ kind: 'embed', openFirst: true });
  });

  it('refuses anything but a web address', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'not a url', null]) expect(externalView(url, '_self', SHOP)).toEqual({ kind: 'invalid' });
  });
});
