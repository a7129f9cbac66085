import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { ErrorState, LoadingState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { runtime } from '@/config/runtime';
import { isWeChatBrowser } from '@/lib/open-page';
import { usePayOrder } from '../api/pay-order';
import { wechatAuthoriseUrl } from '../wechat-authorise';

declare global {
  interface Window {
    WeixinJSBridge?: { invoke(name: string, params: Record<string, string>, done: (res: { err_msg?: string }) => void): void };
  }
}

/**
 * Payment inside WeChat's browser (SPEC §2 order-wepay): OAuth for the payer's identity, then
 * the server's JSAPI parameters go to WeixinJSBridge. Outside WeChat it says where to open it.
 */
export function OrderWepayPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? params.get('state') ?? '';
  const code = params.get('code');
  const [problem, setProblem] = useState<string | null>(null);
  const inWechat = isWeChatBrowser(typeof navigator === 'undefined' ? undefined : navigator.userAgent);
  // An OAuth code works once: never spend it twice (a re-render, a reload).
  const started = useRef(false);
  const { mutateAsync: pay } = usePayOrder();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!inWechat) return setProblem('error.open-in-app');
    if (!runtime.wechatAppId) return setProblem('error.payment.platform');
    if (!code) {
      const back = `${window.location.origin}${window.location.pathname}?orderNo=${encodeURIComponent(orderNo)}`;
      window.location.replace(wechatAuthoriseUrl(runtime.wechatAppId, back, orderNo));
      return;
    }
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?orderNo=${encodeURIComponent(orderNo)}`);
    void pay({ orderNo, method: 'wechat', wechatCode: code })
      .then((res) => {
        const bridge = window.WeixinJSBridge;
        if (!res.wechat || !bridge) return setProblem('error.browser.incompatible');
        bridge.invoke('getBrandWCPayRequest', res.wechat, () => {
          // Whatever the bridge says, the server's state decides (SPEC §7 payment return address).
          void navigate(paths['payment-notice'].getHref({ orderNo }), { replace: true });
        });
      })
      .catch(() => setProblem('res.payment.failed'));
  }, [code, inWechat, navigate, orderNo, pay]);

  return (
    <PageLayout title={t('route.order-wepay')}>
      {problem ? (
        <>
          {/* A payment that could not start is an error, shown as one (not in a result page's coloured header). */}
          <ErrorState title={t(problem)} description={t('payment.wechat.back')} />
          <Button block onClick={() => void navigate(paths['order-pay'].getHref({ orderNo }), { replace: true })}>{t('order.pay-method')}</Button>
        </>
      ) : (
        <LoadingState />
      )}
    </PageLayout>
  );
}
