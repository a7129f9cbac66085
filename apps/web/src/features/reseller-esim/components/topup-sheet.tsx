import { Button, Input, Popup, Space } from 'antd-mobile';
import { RadioChoices } from '@/components/tick';
import { useEffect, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { currencySymbol, TOPUP_MAX, TOPUP_MIN, type Currency } from '@simshop/contract';
import { paths } from '@/config/paths';
import { useLanguage, useTranslation } from '@/i18n';
import { money } from '@/lib/money';
import { useTopupBalance } from '../api/topup-balance';

/** "12.5" → 1250 minor units; null when it is not an amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * The top-up dialog: currency and amount, then an unpaid top-up order and on to the shop's
 * own order-pay page (card or sandbox; a balance never pays its own top-up).
 */
export function TopupSheet({ currency, onClose }: { currency: Currency | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Currency>(currency ?? 'USD');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const topupBalance = useTopupBalance();
  const busy = topupBalance.isPending;
  const open = currency !== null;
  // Each opening starts afresh, in the currency of the balance it was opened from.
  useEffect(() => {
    if (!currency) return;
    setChosen(currency);
    setAmount('');
    setError(null);
  }, [currency]);

  const submit = async () => {
    const minor = parseAmount(amount);
    if (minor === null || minor < TOPUP_MIN || minor > TOPUP_MAX) {
      setError(t('balance.topup.invalid', { min: money(TOPUP_MIN, chosen), max: money(TOPUP_MAX, chosen) }));
      return;
    }
    try {
      const order = await topupBalance.mutateAsync({ amount: minor, currency: chosen, i18n: lang });
      onClose();
      void navigate(paths['order-pay'].getHref({ orderNo: order.orderNo }));
    } catch {
      // The toast says why.
    }
  };

  return (
    <Popup
      visible={open}
      onMaskClick={() => !busy && onClose()}
      bodyClassName="topup-sheet"
      destroyOnClose
    >
      <form
        className="form topup-form"
        aria-label={t('balance.topup.title')}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 className="card-title">{t('balance.topup.title')}</h2>
        <p className="muted">{t('balance.topup.lead')}</p>
        <div className="field-label" id="topup-currency-label">{t('balance.topup.currency')}</div>
        <RadioChoices labelledBy="topup-currency-label" direction="horizontal" value={chosen} onChange={(v: Currency) => setChosen(v)} disabled={busy} options={[{ value: 'USD', label: 'USD' }, { value: 'CNY', label: 'CNY' }]} />
        <label className="field-label" htmlFor="topup-amount">
          {t('balance.topup.amount', { symbol: currencySymbol(chosen) })}
        </label>
        <Input
          id="topup-amount"
          name="amount"
          inputMode="decimal"
          placeholder="100.00"
          value={amount}
          disabled={busy}
          onChange={(v) => {
            setAmount(v);
            setError(null);
          }}
        />
        {error && (
          <div className="field-error" role="alert">
            {error}
          </div>
        )}
        <Space direction="horizontal" className="topup-actions">
          <Button type="button" shape="rounded" disabled={busy} onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="primary" shape="rounded" loading={busy}>
            {t('balance.topup.submit')}
          </Button>
        </Space>
      </form>
    </Popup>
  );
}
