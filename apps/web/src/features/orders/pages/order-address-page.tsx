import { Button } from 'antd-mobile';
import { RadioChoices } from '@/components/tick';
import { useState } from 'react';
import { addressLine } from '@simshop/contract';
import { useLanguage, useTranslation } from '@/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { useAddressList } from '@/features/addresses/api/list-addresses';
import { toast } from '@/lib/toast';
import { useModifyOrderAddress } from '../api/modify-order-address';

/** Modify an order's address (SPEC §5: a new address must be selected). */
export function OrderAddressPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const modifyAddress = useModifyOrderAddress();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const list = useAddressList();
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!chosen) return setError('validation.address_select');
    try {
      await modifyAddress.mutateAsync({ orderNo, addressId: chosen });
      toast.success(t('order.address.changed'));
      void navigate(paths['order-detail'].getHref({ orderNo }), { replace: true });
    } catch {
      // The toast says why.
    }
  };

  return (
    <PageLayout title={t('route.order-address')}>
      <QueryState
        query={list}
        isEmpty={(addresses) => addresses.length === 0}
        empty={
          <EmptyState title={t('address.empty')}>
            <Button onClick={() => void navigate(paths['address-edit'].path)}>{t('address.add')}</Button>
          </EmptyState>
        }
      >
        {(addresses) => (
          <section className="card form">
            <RadioChoices
              label={t('route.order-address')}
              value={chosen}
              onChange={(v: number) => { setChosen(v); setError(null); }}
              options={addresses.map((a) => ({
                value: a.id,
                label: (
                  <>
                    <strong>{a.name}</strong> {a.tel}
                    <div className="muted">{addressLine(a, lang)}</div>
                  </>
                ),
              }))}
            />
            {error ? <span className="field-error" role="alert">{t(error)}</span> : null}
            <Button block color="primary" onClick={() => void submit()}>{t('order.address.submit')}</Button>
          </section>
        )}
      </QueryState>
    </PageLayout>
  );
}
