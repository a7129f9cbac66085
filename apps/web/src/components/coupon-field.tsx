import { Button, Input, Popup } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { couponCodeSchema, type CouponProblem, type DraftCoupon } from '@simshop/contract';
import { money } from '@/lib/money';
import { couponValueText } from './coupon-card';
import './coupons.css';

/** The customer's coupon at checkout: the best one (until they choose), one of theirs, a typed code, or none. */
export type CouponChoice = { kind: 'auto' } | { kind: 'none' } | { kind: 'id'; id: number; suggested?: boolean } | { kind: 'code'; code: string };

export function useCouponChoice() {
  const [choice, setChoice] = useState<CouponChoice>({ kind: 'auto' });
  const request = choice.kind === 'id' ? { couponId: choice.id } : choice.kind === 'code' ? { couponCode: choice.code } : {};
  return { choice, setChoice, request };
}

interface PreviewCoupons {
  currency: string;
  coupon: DraftCoupon | null;
  couponProblem: CouponProblem | null;
  coupons: DraftCoupon[];
  suggestedCouponId: number | null;
}

/**
 * Checkout's coupon line: what is applied and what it saves, why a chosen coupon does not
 * apply, and a sheet to pick another of my coupons, type a code, or use none. Until the
 * customer chooses, the server's best suggestion is applied.
 */
export function CouponField({ preview, state, error }: { preview: PreviewCoupons; state: ReturnType<typeof useCouponChoice>; error?: string | undefined }) {
  const { t } = useTranslation();
  const { choice, setChoice } = state;
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const suggested = preview.suggestedCouponId;
  useEffect(() => {
    if (choice.kind === 'auto' && suggested !== null) setChoice({ kind: 'id', id: suggested, suggested: true });
  }, [choice.kind, suggested, setChoice]);

  const applied = preview.coupon;
  const usable = preview.coupons.filter((c) => !c.problem && c.discount > 0).length;
  const chosenName = choice.kind === 'code' ? choice.code : choice.kind === 'id' ? (preview.coupons.find((c) => c.couponId === choice.id)?.name ?? '') : '';
  const problem = preview.couponProblem ? t('coupon.problem', { name: chosenName, reason: t(preview.couponProblem.i18n, preview.couponProblem.data) }) : null;
  const failure = error ? t(error) : problem;

  const applyCode = () => {
    const parsed = couponCodeSchema.safeParse(code);
    if (!parsed.success) return setCodeError(parsed.error.issues[0]?.message ?? 'validation.invalid');
    setCodeError(null);
    setChoice({ kind: 'code', code: parsed.data });
    setOpen(false);
  };

  let value: ReactNode;
  if (applied) value = <span className="coupon-field__value">-{money(applied.discount, preview.currency)}</span>;
  else if (choice.kind === 'none' || preview.coupons.length === 0) value = <span className="coupon-field__value coupon-field__value--muted">{t(choice.kind === 'none' ? 'coupon.field.none' : 'coupon.field.choose')}</span>;
  else value = <span className="coupon-field__value coupon-field__value--muted">{usable > 0 ? t('coupon.field.available', { count: usable }) : t('coupon.field.choose')}</span>;

  return (
    <section className="card coupon-field">
      <button type="button" className="coupon-field__row" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span className="field-label">{t('coupon.field')}{applied ? ` · ${applied.name}` : ''}</span>
        <span>
          {value} <RightOutline aria-hidden />
        </span>
      </button>
      {applied && choice.kind === 'id' && choice.suggested ? <span className="coupon-field__hint">{t('coupon.best.applied')}</span> : null}
      {applied?.code ? <span className="coupon-field__hint">{t('coupon.code.applied', { code: applied.code })}</span> : null}
      {failure ? (
        <span className="field-error" role="alert">
          {failure}
        </span>
      ) : null}
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}>
        <div className="coupon-picker" role="dialog" aria-labelledby="coupon-picker-title">
          <h2 className="coupon-picker__title" id="coupon-picker-title">{t('coupon.picker.title')}</h2>
          <label className={codeError ? 'field field--error' : 'field'}>
            <span className="field-label">{t('coupon.code')}</span>
            <div className="coupon-picker__code">
              <Input name="couponCode" value={code} placeholder={t('coupon.code.placeholder')} onChange={setCode} onEnterPress={applyCode} autoComplete="off" />
              <Button color="primary" className="coupon-none" onClick={applyCode}>
                {t('coupon.code.apply')}
              </Button>
            </div>
            {codeError ? <span className="field-error" role="alert">{t(codeError)}</span> : null}
          </label>
          {preview.coupons.length > 0 ? <h3 className="coupon-section-title">{t('coupon.picker.mine')}</h3> : null}
          {preview.coupons.map((c) => {
            const selected = choice.kind === 'id' && choice.id === c.couponId;
            return (
              <button
                key={c.couponId}
                type="button"
                className="coupon-option"
                aria-pressed={selected}
                disabled={!!c.problem}
                onClick={() => {
                  setChoice({ kind: 'id', id: c.couponId });
                  setOpen(false);
                }}
              >
                <div className={c.problem ? 'coupon-card coupon-card--off' : 'coupon-card'}>
                  <div className="coupon-card__value">
                    <span className="coupon-card__amount">{c.problem ? couponValueText({ kind: c.kind, value: c.value, currency: preview.currency }, t) : `-${money(c.discount, preview.currency)}`}</span>
                  </div>
                  <div className="coupon-card__body">
                    <span className="coupon-card__name">
                      {c.name}
                      {c.couponId === suggested ? <span className="coupon-best">{t('coupon.best')}</span> : null}
                    </span>
                    {c.problem ? <span className="coupon-card__problem">{t(c.problem.i18n, c.problem.data)}</span> : <span className="coupon-card__rule">{t('coupon.saves', { amount: money(c.discount, preview.currency) })}</span>}
                  </div>
                </div>
              </button>
            );
          })}
          <Button
            block
            className="coupon-none"
            style={{ marginTop: 16 }}
            onClick={() => {
              setChoice({ kind: 'none' });
              setOpen(false);
            }}
          >
            {t('coupon.not-used')}
          </Button>
        </div>
      </Popup>
    </section>
  );
}
