import { Button, ProgressBar } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import type { CodePurpose } from '@simshop/contract';
import { toast } from '@/lib/toast';
import { useSendCode } from '../api/send-code';
import { useProof } from '../api/use-proof';

type Phase = 'idle' | 'checking' | 'sending';

/**
 * The "send code" button with its countdown. Before a code is sent the browser proves it did
 * some work (a script could read the old image code): the server's challenge is solved in a
 * Web Worker in about a second, with progress shown. `account` is the phone or email the code goes to.
 */
export function CodeSender({ account, purpose, signedIn = false, disabled = false }: { account: string; purpose: CodePurpose; signedIn?: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [left, setLeft] = useState(0);
  const aborter = useRef<AbortController | null>(null);
  const proof = useProof(signedIn);
  const sendCode = useSendCode();

  // Leaving the page stops the search.
  useEffect(() => () => aborter.current?.abort(), []);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const controller = new AbortController();
    aborter.current = controller;
    setPhase('checking');
    try {
      const challenge = await proof.ask(purpose);
      let solved: { seedId: string; solution: string };
      try {
        solved = await proof.solve(challenge, controller.signal);
      } catch (err) {
        if (!controller.signal.aborted) toast.error(t('account.robot-check.failed'));
        throw err;
      }
      // Leaving the page while the challenge was asked for or solved sends nothing.
      if (controller.signal.aborted) return;
      setPhase('sending');
      const res = await sendCode.mutateAsync({ account, purpose, ...solved });
      setLeft(res.resendAfterSeconds);
      toast.success(t('account.code-sent'));
    } catch {
      // The toast said why; the next tap asks for a new challenge.
    } finally {
      if (!controller.signal.aborted) setPhase('idle');
    }
  };

  const busy = phase !== 'idle';
  return (
    <div className="code-sender">
      <Button
        size="small"
        color="primary"
        fill="outline"
        className="code-sender-button"
        disabled={disabled || left > 0 || busy}
        loading={busy}
        loadingText={phase === 'checking' ? t('account.robot-check') : t('account.sending-code')}
        onClick={() => void send()}
      >
        {left > 0 ? t('account.resend-in', { seconds: left }) : t('account.send-code')}
      </Button>
      <div className="code-sender-status" role="status" aria-live="polite">
        {phase === 'checking' && (
          <>
            <span>{t('account.robot-check.hint')}</span>
            <ProgressBar percent={Math.round(proof.progress * 100)} aria-label={t('account.robot-check')} />
          </>
        )}
      </div>
    </div>
  );
}
