import { Button, Input, TextArea } from 'antd-mobile';
import { RadioChoices, Tick } from '@/components/tick';
import { useState } from 'react';
import { useNavigate, useSearchParams } from '@/lib/router';
import { addressLine, isPhysicalKind, itemInputRules, PAPER_CARD_CHOICES, type ItemInput } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { useAddressList } from '@/features/addresses/api/list-addresses';
import { clearOrderDraft, readOrderDraft } from '@/lib/order-draft';
import { CouponField, useCouponChoice } from '@/components/coupon-field';
import { EsimCheckToggle } from '@/components/esim-check-toggle';
import { useCreateOrder } from '../api/create-order';
import { useOrderPreview } from '../api/preview-order';
import { EuConsentCard, useEuConsent } from '@/components/eu-consent';
import { Amounts } from '../components/amounts';
import { PickupChoiceCard } from '@/components/stores/pickup-choice';
import { usePickupChoice } from '@/components/stores/use-pickup-choice';
import { TitledCard } from '@/components/titled-card';
import { OrderLines } from '../components/order-lines';
import { money } from '@/lib/money';
import { takesCards } from '@/components/card-fee';
import { cardFeeOf } from '../pay-options';
import '../checkout.css';
import { useCurrency } from '@/lib/currency';

/**
 * Order create (SPEC §2): the server prices the draft; physical items need an address; each
 * item's required inputs are asked for and checked with the contract's rules.
 */
export function OrderCreatePage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [draft] = useState(readOrderDraft);
  const [inputs, setInputs] = useState<Array<Record<string, string>>>(() => draft.map((d) => d.inputs));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [remark, setRemark] = useState('');
  // An eSIM only installs on a phone that supports eSIM and is not locked to a carrier.
  const [phoneConfirmed, setPhoneConfirmed] = useState(false);
  const items = draft.map((d, i) => ({ skuId: d.skuId, quantity: d.quantity, inputs: {} as Record<string, string>, index: i }));
  const coupon = useCouponChoice();
  // The currency chosen in Mine: the server prices the order in it (a line without a price there keeps its own).
  const currency = useCurrency();
  // SIM cards may be collected at a store instead (no freight, no address).
  const pickup = usePickupChoice();
  // Inputs are typed on this page: price the draft without checking them yet.
  const preview = useOrderPreview({ items: items.map(({ skuId, quantity }) => ({ skuId, quantity, inputs: {} })), i18n: lang, currency, checkInputs: false, ...coupon.request, ...pickup.request }, draft.length > 0);
  const createOrder = useCreateOrder();
  const chosenAddress = Number(params.get('addressId')) || undefined;
  const addresses = useAddressList().data ?? [];
  const address = addresses.find((a) => a.id === chosenAddress) ?? addresses.find((a) => a.defaultAddr) ?? addresses[0];
  // An EU customer's digital goods need the consent to immediate performance (the address, else a declared country, says who is).
  const eu = useEuConsent({ kinds: (preview.data?.items ?? []).map((l) => l.kind), addressCountry: preview.data?.needsAddress && address ? address.country : null });

  const title = t('route.order-create');
  if (draft.length === 0) return <PageLayout title={title}><EmptyState title={t('order.empty-draft')} /></PageLayout>;

  const priced = preview.data;
  const lines = priced?.items ?? [];
  const needsAddress = priced?.needsAddress ?? false;
  const parts = priced?.parts ?? [];
  const multi = parts.length > 1;
  const hasEsim = lines.some((l) => l.kind === 'esim');
  // Why "Place order" cannot be pressed yet, said next to it rather than left to guess.
  const blockers = [needsAddress && !address ? 'order.blocked.address' : null, pickup.incomplete ? 'pickup.blocked' : null, hasEsim && !phoneConfirmed ? 'order.blocked.esim' : null, eu.blocker].filter((b): b is string => b !== null);

  const submit = async () => {
    const problems: Record<string, string> = {};
    lines.forEach((line, i) =>
      line.requiredInputs.forEach((input) => {
        const value = inputs[i]?.[input] ?? '';
        const r = itemInputRules[input].safeParse(value);
        if (!value) problems[`items.${i}.inputs.${input}`] = 'validation.required';
        else if (!r.success) problems[`items.${i}.inputs.${input}`] = r.error.issues[0]?.message ?? 'validation.invalid';
      }),
    );
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const order = await createOrder.mutateAsync({
        items: draft.map((d, i) => ({ skuId: d.skuId, quantity: d.quantity, inputs: Object.fromEntries(Object.entries(inputs[i] ?? {}).filter(([k]) => lines[i]?.requiredInputs.includes(k as ItemInput))) })),
        ...(needsAddress && address ? { addressId: address.id } : {}),
        ...pickup.request,
        cartItemIds: draft.flatMap((d) => (d.cartItemId ? [d.cartItemId] : [])),
        remark,
        i18n: lang,
        currency,
        ...coupon.request,
        ...eu.request,
      });
      clearOrderDraft();
      void navigate(paths['order-pay'].getHref({ orderNo: order.orderNo }), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.field) {
        const issue = (err.data as { issues?: Array<{ message?: string }> } | null)?.issues?.[0]?.message;
        setErrors({ [err.field]: issue ?? err.i18n ?? 'validation.invalid' });
      }
    }
  };

  const pickAddress = () => navigate(paths.address.getHref({ select: '1', redirect: paths['order-create'].path }));

  return (
    <PageLayout title={title}>
      <QueryState query={preview}>
        {() => (
          <>
            {priced?.canPickUp ? <PickupChoiceCard choice={pickup.choice} onChange={pickup.set} merchantId={parts[0]?.merchant.id} /> : null}
            {needsAddress ? (
              <button type="button" className="card address-card" onClick={() => void pickAddress()}>
                <span className="field-label">{t('order.address')}</span>
                {address ? (
                  <>
                    <strong>{address.name} {address.tel}</strong>
                    <span className="muted">{addressLine(address, lang)}</span>
                  </>
                ) : (
                  <span className="link">{t('order.address.none')}</span>
                )}
              </button>
            ) : null}
            {multi ? (
              <>
                <p className="checkout-note" role="note">{t('checkout.split-note', { count: parts.length })}</p>
                {/* One order per merchant, each with its own freight; one payment for all of them. */}
                {parts.map((part) => (
                  <section key={part.merchant.id} className="card checkout-part" data-merchant={part.merchant.id} aria-label={part.merchant.name}>
                    <div className="checkout-part-head">
                      <h2>{part.merchant.name}</h2>
                    </div>
                    <OrderLines lines={part.items.map((l) => ({ ...l, inputs: {} }))} currency={part.currency} />
                    <div className="checkout-part-amounts muted">
                      {/* A part of digital goods travels nowhere: no shipping line, as on a digital order. */}
                      {part.items.some((l) => isPhysicalKind(l.kind)) ? (
                        <span>
                          {t('order.freight')} {part.freight ? money(part.freight, part.currency) : t('order.freight.free')}
                        </span>
                      ) : null}
                      {part.discount ? (
                        <span>
                          {t('order.discount')} -{money(part.discount, part.currency)}
                        </span>
                      ) : null}
                      <span>
                        {t('checkout.part-total')} <strong>{money(part.total, part.currency)}</strong>
                      </span>
                    </div>
                  </section>
                ))}
              </>
            ) : null}
            <section className="card">
              {multi ? null : <OrderLines lines={lines.map((l) => ({ ...l, inputs: {} }))} currency={priced?.currency ?? 'USD'} />}
              {lines.map((line, i) =>
                line.requiredInputs.map((input) => {
                  const key = `items.${i}.inputs.${input}`;
                  // A text field is named by its label; the choices are a group named by the same words.
                  const Field = input === 'paperCard' ? 'div' : 'label';
                  return (
                    <Field key={key} className={errors[key] ? 'field field--error' : 'field'}>
                      <span className="field-label" id={`${key}-label`}>{t(`order.input.${input}`)} · {line.name}</span>
                      {input === 'paperCard' ? (
                        <RadioChoices
                          labelledBy={`${key}-label`}
                          direction="horizontal"
                          value={inputs[i]?.[input] ?? null}
                          onChange={(v: string) => setInputs((all) => all.map((x, j) => (j === i ? { ...x, [input]: v } : x)))}
                          options={PAPER_CARD_CHOICES.map((c) => ({ value: c, label: t(`order.input.paperCard.${c}`) }))}
                        />
                      ) : (
                        <Input name={key} value={inputs[i]?.[input] ?? ''} onChange={(v) => setInputs((all) => all.map((x, j) => (j === i ? { ...x, [input]: v } : x)))} />
                      )}
                      {errors[key] ? <span className="field-error" role="alert">{t(errors[key])}</span> : null}
                    </Field>
                  );
                }),
              )}
              <label className="field">
                <span className="field-label">{t('order.remark')}</span>
                <TextArea value={remark} onChange={setRemark} maxLength={200} rows={2} />
              </label>
            </section>
            {hasEsim ? (
              <TitledCard id="esim-confirm-title" className="esim-confirm" title={t('order.esim-confirm.title')}>
                <Tick checked={phoneConfirmed} onChange={setPhoneConfirmed} className="esim-confirm-check">
                  {t('order.esim-confirm.label')}
                </Tick>
                <EsimCheckToggle />
              </TitledCard>
            ) : null}
            <EuConsentCard state={eu} error={errors.performanceConsent} />
            {priced ? <CouponField preview={priced} state={coupon} error={errors.couponCode ?? errors.couponId} /> : null}
            {/* Only the fees that apply: no shipping line on an order that ships nothing. */}
            {priced ? <Amounts a={priced} physical={needsAddress} totalLabel={multi ? 'checkout.pay-total' : undefined} cardFee={takesCards() ? cardFeeOf(parts) : null} /> : null}
            <div className="action-bar action-bar--with-note">
              {blockers.length ? (
                <p className="action-bar-note" id="order-blocked" role="status">
                  {blockers.map((b) => t(b)).join(' ')}
                </p>
              ) : null}
              <Button block color="primary" size="large" loading={createOrder.isPending} disabled={blockers.length > 0} aria-describedby={blockers.length ? 'order-blocked' : undefined} onClick={() => void submit()}>
                {t('order.submit')}
              </Button>
            </div>
          </>
        )}
      </QueryState>
    </PageLayout>
  );
}
