import type { WechatJsConfig } from '@simshop/contract';

interface Wx {
  config(options: Record<string, unknown>): void;
  ready(callback: () => void): void;
  error(callback: (res: unknown) => void): void;
}

let loading: Promise<Wx> | null = null;

/** Loads the JS-SDK once per page load. */
function loadSdk(src: string): Promise<Wx> {
  loading ??= new Promise<Wx>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const wx = (window as unknown as { wx?: Wx }).wx;
      if (wx) resolve(wx);
      else reject(new Error('WeChat JS-SDK did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('WeChat JS-SDK did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Configures the JS-SDK for the open tags; resolves when WeChat accepts the signature. */
export async function configureWechat(config: WechatJsConfig): Promise<void> {
  const wx = await loadSdk(config.sdkUrl);
  await new Promise<void>((resolve, reject) => {
    wx.ready(resolve);
    wx.error(() => reject(new Error('WeChat refused the JS-SDK configuration')));
    wx.config({ debug: false, appId: config.appId, timestamp: config.timestamp, nonceStr: config.nonceStr, signature: config.signature, jsApiList: ['checkJsApi'], openTagList: ['wx-open-launch-weapp'] });
  });
}
