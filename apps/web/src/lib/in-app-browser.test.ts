import { describe, expect, it } from 'vitest';
import { detectInAppBrowser, leaveSteps, lineExternalUrl } from './in-app-browser';

// User agents as the apps send them (iOS and Android each).
const IN_APP = {
  wechat: {
    ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN',
    android:
      'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  },
  instagram: {
    ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 307.0.0.30.109 (iPhone14,5; iOS 17_1_2; en_US; en; scale=3.00; 1170x2532; 531681563)',
    android:
      'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.193 Mobile Safari/537.36 Instagram 312.1.0.34.111 Android (34/14; 480dpi; 1080x2115; samsung; SM-S918B; dm3q; qcom; en_GB; 548323757)',
  },
  facebook: {
    ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/446.0.0.31.108;FBBV/551456138;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.2.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/552890398]',
    android: 'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230901.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.5993.111 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/438.0.0.33.118;]',
  },
  line: {
    ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.21.0',
    android: 'Mozilla/5.0 (Linux; Android 13; SM-A536E Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Line/13.20.1/IAB',
  },
  tiktok: {
    ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_32.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6',
    android:
      'Mozilla/5.0 (Linux; Android 12; SM-G991B Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.193 Mobile Safari/537.36 trill_320404 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.4.4 ByteLocale/en ByteFullLocale/en Region/US Spark/1.4.6.3-bugfix AppVersion/32.4.4 BytedanceWebview/d8a21c6',
  },
  douyin: {
    ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 aweme_27.4.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/zh Region/CN AppTheme/light RevealType/Dialog WKWebView/1 BytedanceWebview/d8a21c6 Spark/1.4.0',
    android:
      'Mozilla/5.0 (Linux; Android 12; PEGM00 Build/SKQ1.210216.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/91.0.4472.114 Mobile Safari/537.36 aweme_270400 JsSdk/1.0 NetType/WIFI Channel/oppo_1128_64 AppName/aweme app_version/27.4.0 ByteLocale/zh-CN Region/CN',
  },
} as const;

const ORDINARY = {
  'Safari on iPhone': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Chrome on iPhone': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  'Chrome on Android': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Samsung Internet': 'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  'Firefox on Android': 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  'Chrome on a desktop': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
} as const;

describe('detectInAppBrowser', () => {
  for (const [app, byOs] of Object.entries(IN_APP)) {
    for (const [os, ua] of Object.entries(byOs)) {
      it(`recognises ${app} on ${os}`, () => {
        expect(detectInAppBrowser(ua)).toEqual({ app, os });
      });
    }
  }

  for (const [name, ua] of Object.entries(ORDINARY)) {
    it(`leaves ${name} alone`, () => {
      expect(detectInAppBrowser(ua)).toBeNull();
    });
  }

  it('is null without a user agent, and for a word that only looks like a mark', () => {
    expect(detectInAppBrowser(undefined)).toBeNull();
    expect(detectInAppBrowser('')).toBeNull();
    expect(detectInAppBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36 OnlineHelper/2.0 Pipeline/3')).toBeNull();
  });
});

describe('leaveSteps', () => {
  it('names the browser to go to and the menu item of each app', () => {
    expect(leaveSteps({ app: 'wechat', os: 'ios' })).toEqual({ menu: '···', itemKey: 'inapp.item.wechat.ios', browserKey: 'inapp.browser.ios' });
    expect(leaveSteps({ app: 'wechat', os: 'android' })).toEqual({ menu: '···', itemKey: 'inapp.item.wechat.other', browserKey: 'inapp.browser.android' });
    expect(leaveSteps({ app: 'instagram', os: 'ios' })).toMatchObject({ menu: '···', itemKey: 'inapp.item.instagram' });
    expect(leaveSteps({ app: 'line', os: 'android' })).toMatchObject({ menu: '⋮', itemKey: 'inapp.item.line' });
    expect(leaveSteps({ app: 'douyin', os: 'other' })).toMatchObject({ itemKey: 'inapp.item.douyin', browserKey: 'inapp.browser.other' });
  });
});

describe('lineExternalUrl', () => {
  it('asks LINE to open the page in the phone browser, keeping its query', () => {
    expect(lineExternalUrl('https://shop.example/uni/pages/mine/esim/detail?id=7')).toBe('https://shop.example/uni/pages/mine/esim/detail?id=7&openExternalBrowser=1');
    expect(lineExternalUrl('https://shop.example/x?openExternalBrowser=0')).toBe('https://shop.example/x?openExternalBrowser=1');
  });
});
