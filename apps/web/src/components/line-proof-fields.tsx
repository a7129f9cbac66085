import { Button, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { iccidSchema, pukSchema, verificationCodeSchema } from '@simshop/contract';
import { ApiError } from '@/lib/api-client';
import { useSendLineCode } from '@/features/supsim/api/send-line-code';

/** How the caller proves a SIM is theirs: the code texted to it, or the card's PUK. */
export interface LineProof {
  method: 'code' | 'puk';
  code: string;
  puk: string;
}

export const emptyLineProof: LineProof = { method: 'code', code: '', puk: '' };

/**
 * The proof part of a request (`{ code }` or `{ puk }`), or the field and i18n key of what is
 * wrong with it, checked with the contract's rules before anything is sent.
 */
export function lineProofRequest(proof: LineProof): { ok: true; value: { code: string } | { puk: string } } | { ok: false; field: 'code' | 'puk'; message: string } {
  if (proof.method === 'puk') {
    const puk = pukSchema.safeParse(proof.puk);
    return puk.success ? { ok: true, value: { puk: puk.data } } : { ok: false, field: 'puk', message: puk.error.issues[0]?.message ?? 'validation.puk' };
  }
  const code = verificationCodeSchema.safeParse(proof.code);
  return code.success ? { ok: true, value: { code: code.data } } : { ok: false, field: 'code', message: 'res.line.proof-required' };
}

/**
 * Binding a SIM or SuperSIM asks for proof of possession: "Text a code" has the
 * carrier send an SMS to the card (the page shows where, masked), or the holder types the PUK
 * printed on the card holder instead. `errors` are i18n keys by field; `onIccidError` reports a
 * problem with the ICCID found while sending the code.
 */
export function LineProofFields(props: {
  kind: 'sim' | 'supsim';
  iccid: string;
  value: LineProof;
  onChange: (next: LineProof) => void;
  errors: { code?: string | null; puk?: string | null };
  onIccidError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const { value, onChange, errors } = props;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const sendCode = useSendLineCode(props.kind);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  // Another card: the code sent to the previous one does not prove this one.
  useEffect(() => setSentTo(null), [props.iccid]);

  const send = async () => {
    const iccid = iccidSchema.safeParse(props.iccid);
    if (!iccid.success) return props.onIccidError(iccid.error.issues[0]?.message ?? 'validation.iccid');
    props.onIccidError(null);
    setSending(true);
    try {
      const res = await sendCode.mutateAsync({ iccid: iccid.data });
      setSentTo(res.msisdn);
      setLeft(res.resendAfterSeconds);
    } catch (err) {
      if (err instanceof ApiError && err.field === 'iccid') props.onIccidError(err.i18n);
    } finally {
      setSending(false);
    }
  };

  const usePuk = value.method === 'puk';
  return (
    <fieldset className="line-proof">
      <legend className="field-label">{t('line-proof.title')}</legend>
      <p className="muted">{t('line-proof.lead')}</p>
      {usePuk ? (
        <label className={errors.puk ? 'field field--error' : 'field'}>
          <span className="field-label">{t('line-proof.puk')}</span>
          <Input name="puk" inputMode="numeric" maxLength={8} value={value.puk} onChange={(puk) => onChange({ ...value, puk })} clearable />
          {errors.puk ? <span className="field-error" role="alert">{t(errors.puk)}</span> : null}
        </label>
      ) : (
        <div className={errors.code ? 'field field--error' : 'field'}>
          <label className="field-label" htmlFor={`${props.kind}-line-code`}>{t('line-proof.code')}</label>
          <div className="code-sender-row">
            <Input id={`${props.kind}-line-code`} className="code-sender-input" name="code" inputMode="numeric" maxLength={6} value={value.code} onChange={(code) => onChange({ ...value, code })} />
            <Button size="small" color="primary" fill="outline" className="line-proof-send" disabled={left > 0 || sending} loading={sending} onClick={() => void send()}>
              {left > 0 ? t('line-proof.resend', { seconds: left }) : t('line-proof.send')}
            </Button>
          </div>
          {sentTo ? <span className="muted line-proof-sent" role="status">{t('line-proof.sent', { msisdn: sentTo })}</span> : null}
          {errors.code ? <span className="field-error" role="alert">{t(errors.code)}</span> : null}
        </div>
      )}
      <Button size="mini" fill="none" color="primary" className="line-proof-switch" onClick={() => onChange({ ...value, method: usePuk ? 'code' : 'puk' })}>
        {usePuk ? t('line-proof.use-code') : t('line-proof.use-puk')}
      </Button>
    </fieldset>
  );
}
