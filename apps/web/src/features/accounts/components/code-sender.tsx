import { Button, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodePurpose } from '@simshop/contract';
import { imageCodeSchema } from '@simshop/contract';
import { call } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * The image code and the "send code" button with its countdown (DESIGN §5: an image code
 * before a code is sent). `account` is the phone or email the code goes to.
 */
export function CodeSender({ account, purpose, signedIn = false, disabled = false }: { account: string; purpose: CodePurpose; signedIn?: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  const [seed, setSeed] = useState<{ seedId: string; image: string } | null>(null);
  const [answer, setAnswer] = useState('');
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  const refresh = async () => {
    setAnswer('');
    const res = await call(signedIn ? 'seedAuthc' : 'seed', 'image_code', {});
    setSeed({ seedId: res.seedId, image: res.image });
  };

  useEffect(() => {
    void refresh().catch(() => setSeed(null));
    // A new picture only when the page opens; the user taps it for another.
  }, []);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    if (!seed) return;
    if (!imageCodeSchema.safeParse(answer).success) {
      toast.error(t('validation.image_code'));
      return;
    }
    setSending(true);
    try {
      const res = await call('codeSend', 'send', { account, purpose, seedId: seed.seedId, imageCode: answer });
      setLeft(res.resendAfterSeconds);
      toast.success(t('account.code-sent'));
    } catch {
      // The toast said why; a used picture cannot be tried again.
    } finally {
      setSending(false);
      void refresh().catch(() => setSeed(null));
    }
  };

  return (
    <div className="code-sender">
      <div className="code-sender-row">
        <Input className="code-sender-input" aria-label={t('account.image-code')} placeholder={t('account.image-code.placeholder')} value={answer} onChange={(v) => setAnswer(v.toLowerCase())} maxLength={4} />
        <button type="button" className="image-code" onClick={() => void refresh()} title={t('account.image-code.refresh')} aria-label={t('account.image-code.refresh')}>
          {seed ? <img src={seed.image} alt={t('account.image-code')} width={120} height={44} /> : <span>…</span>}
        </button>
      </div>
      <Button size="small" color="primary" fill="outline" disabled={disabled || left > 0 || sending || !seed} loading={sending} onClick={() => void send()}>
        {left > 0 ? t('account.resend-in', { seconds: left }) : t('account.send-code')}
      </Button>
    </div>
  );
}
