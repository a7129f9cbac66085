import { Button, Dialog, Input, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { addressInputSchema, type Address } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState, type QueryView } from '@/components/page-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useGoBack } from '@/lib/use-go-back';
import { useDeleteAddress } from '../api/delete-address';
import { useAddressList } from '../api/list-addresses';
import { useSaveAddress } from '../api/save-address';

const FIELDS = ['name', 'company', 'tel', 'email', 'country', 'province', 'city', 'district', 'postCode', 'detail'] as const;
type FieldName = (typeof FIELDS)[number];
const EMPTY: Record<FieldName, string> = { name: '', company: '', tel: '', email: '', country: '', province: '', city: '', district: '', postCode: '', detail: '' };

/** Add or change an address (SPEC §3 Address): every field checked with the contract's rules. */
export function AddressEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const list = useAddressList(id !== undefined);
  const saveAddress = useSaveAddress();
  const deleteAddress = useDeleteAddress();
  const [form, setForm] = useState(EMPTY);
  const [isDefault, setDefault] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  useEffect(() => {
    const existing = list.data?.find((a: Address) => a.id === id);
    if (existing) {
      setForm(Object.fromEntries(FIELDS.map((f) => [f, existing[f]])) as Record<FieldName, string>);
      setDefault(existing.defaultAddr);
    }
  }, [list.data, id]);

  // The writes refresh the address book and the order pages' copy themselves (api/save-address).
  const done = (message: string) => {
    toast.success(t(message));
    const redirect = params.get('redirect');
    if (params.get('select') === '1' && redirect) void navigate(`${paths(redirect)}`, { replace: true });
    else goBack();
  };

  const save = async () => {
    const body = { ...form, defaultAddr: isDefault, ...(id ? { id } : {}) };
    const checked = addressInputSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    try {
      await saveAddress.mutateAsync(body);
      done('address.saved');
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors({ [err.field]: err.i18n ?? 'validation.invalid' });
    }
  };

  const remove = async () => {
    if (!id || !(await Dialog.confirm({ content: t('address.delete.confirm'), confirmText: t('address.delete'), cancelText: t('common.cancel') }))) return;
    await deleteAddress.mutateAsync({ id });
    done('common.success');
  };

  if (id !== undefined && list.data && !list.data.some((a) => a.id === id)) return <PageLayout title={t('route.address-edit')}><EmptyState title={t('res.address.wrong')} /></PageLayout>;
  // Editing waits for the saved addresses; a new one has nothing to wait for.
  const existing: QueryView<unknown> = id === undefined ? { isPending: false, isError: false, data: null, refetch: list.refetch } : list;
  return (
    <PageLayout title={t('route.address-edit')}>
      <QueryState query={existing}>
        {() => {
        return (
          <>
            <form
              className="card form"
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              {FIELDS.map((f) => (
                <label key={f} className={errors[f] ? 'field field--error' : 'field'}>
                  <span className="field-label">{t(`address.field.${f}`)}</span>
                  <Input name={f} value={form[f]} onChange={(v) => setForm((x) => ({ ...x, [f]: v }))} />
                  {errors[f] ? <span className="field-error" role="alert">{t(errors[f])}</span> : null}
                </label>
              ))}
              <label className="field field--inline">
                <span className="field-label">{t('address.set-default')}</span>
                <Switch checked={isDefault} onChange={setDefault} aria-label={t('address.set-default')} />
              </label>
              <Button block color="primary" type="submit" loading={saveAddress.isPending}>
                {t('account.save')}
              </Button>
              {id ? (
                <Button block color="danger" fill="outline" onClick={() => void remove().catch(() => undefined)}>
                  {t('address.delete')}
                </Button>
              ) : null}
            </form>
          </>
        );
        }}
      </QueryState>
    </PageLayout>
  );
}

/** Back to the picker the form was opened from, keeping its own redirect. */
function paths(redirect: string): string {
  return `/pages/mine/address/address?select=1&redirect=${encodeURIComponent(redirect)}`;
}
