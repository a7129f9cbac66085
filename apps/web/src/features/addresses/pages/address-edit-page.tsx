import { Button, Dialog, Input } from 'antd-mobile';
import { ToggleSwitch } from '@/components/toggle-switch';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { addressInputSchema, addressRuleFor, isCountryCode, type Address, type AddressAreaField } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState, type QueryView } from '@/components/page-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useGoBack } from '@/lib/use-go-back';
import { useDeleteAddress } from '../api/delete-address';
import { useAddressList } from '../api/list-addresses';
import { useSaveAddress } from '../api/save-address';
import { CountrySelect } from '../components/country-select';
import '../addresses.css';
import { pickedAddressHref } from '../picker';

const FIELDS = ['name', 'company', 'tel', 'email', 'country', 'province', 'city', 'district', 'postCode', 'detail'] as const;
type FieldName = (typeof FIELDS)[number];
type Form = Record<FieldName, string>;
const EMPTY: Form = { name: '', company: '', tel: '', email: '', country: '', province: '', city: '', district: '', postCode: '', detail: '' };
type Errors = Partial<Record<FieldName, string>>;

/** What the browser's autofill fills each field with. */
const AUTOCOMPLETE: Record<Exclude<FieldName, 'country'>, string> = {
  detail: 'street-address',
  province: 'address-level1',
  city: 'address-level2',
  district: 'address-level3',
  postCode: 'postal-code',
  name: 'name',
  tel: 'tel',
  company: 'organization',
  email: 'email',
};

/** The first problem of each field, as the contract's schema reports it. */
function problemsOf(form: Form): Errors {
  const checked = addressInputSchema.safeParse(form);
  const errors: Errors = {};
  for (const issue of checked.error?.issues ?? []) errors[String(issue.path[0]) as FieldName] ??= issue.message;
  return errors;
}

/**
 * Add or change an address (SPEC §3 Address). The country comes first, from a list, because it
 * decides the rest (address-countries.ts: which fields are asked, what they are called, the
 * post code's and phone's rules); then the street, the parts of the address the country asks,
 * and who receives it. Opened from the checkout's picker, saving goes back to the checkout with
 * the address chosen.
 */
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
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    const existing = list.data?.find((a: Address) => a.id === id);
    if (!existing) return;
    const loaded = { ...(Object.fromEntries(FIELDS.map((f) => [f, existing[f]])) as Form), country: isCountryCode(existing.country) ? existing.country : '' };
    setForm(loaded);
    setDefault(existing.defaultAddr);
    // An address saved before today's rules (a phone too short for its country, a district
    // not asked then) says at once what to change before it is used again.
    setErrors(problemsOf(loaded));
  }, [list.data, id]);

  const redirect = params.get('redirect');
  const picking = params.get('select') === '1' && redirect !== null;
  const done = (message: string, savedId?: number) => {
    toast.success(t(message));
    const back = picking && savedId !== undefined ? pickedAddressHref(redirect, savedId) : null;
    if (back) void navigate(back, { replace: true });
    else goBack();
  };

  // Once the problems show, the first of them (top down) takes the focus, for a keyboard or
  // screen reader user as for anyone.
  const focusProblem = useRef(false);
  useEffect(() => {
    if (!focusProblem.current) return;
    focusProblem.current = false;
    document.querySelector<HTMLElement>('.address-form .field--error [name]')?.focus();
  }, [errors]);
  const showProblems = (found: Errors) => {
    focusProblem.current = true;
    setErrors(found);
  };

  const save = async () => {
    const found = problemsOf(form);
    if (Object.keys(found).length > 0) return showProblems(found);
    setErrors({});
    try {
      const saved = await saveAddress.mutateAsync({ ...form, defaultAddr: isDefault, ...(id ? { id } : {}) });
      done('address.saved', saved.id);
    } catch (err) {
      if (err instanceof ApiError && err.field) showProblems({ [err.field]: err.i18n ?? 'validation.invalid' });
    }
  };

  const remove = async () => {
    if (!id || !(await Dialog.confirm({ content: t('address.delete.confirm'), confirmText: t('address.delete'), cancelText: t('common.cancel') }))) return;
    await deleteAddress.mutateAsync({ id });
    done('common.success');
  };

  const title = t(id === undefined ? 'address.new' : 'route.address-edit');
  if (id !== undefined && list.data && !list.data.some((a) => a.id === id)) return <PageLayout title={title}><EmptyState title={t('res.address.wrong')} /></PageLayout>;
  // Editing waits for the saved addresses; a new one has nothing to wait for.
  const existing: QueryView<unknown> = id === undefined ? { isPending: false, isError: false, data: null, refetch: list.refetch } : list;
  const rule = form.country ? addressRuleFor(form.country) : null;
  const set = (f: FieldName, v: string) => {
    const next = { ...form, [f]: v };
    setForm(next);
    // Another country has other rules: a problem already shown is said again by the new ones (or goes).
    if (f === 'country') {
      const found = problemsOf(next);
      setErrors(Object.fromEntries(FIELDS.filter((k) => errors[k] && found[k]).map((k) => [k, found[k]])));
    } else if (errors[f]) setErrors((e) => ({ ...e, [f]: undefined }));
  };
  const error = (f: FieldName) => (errors[f] ? <span className="field-error" id={`address-${f}-error`} role="alert">{t(errors[f])}</span> : null);
  const field = (f: Exclude<FieldName, 'country'>, label: string, optional = false, more: { type?: string; inputMode?: 'tel' | 'email' } = {}) => (
    <label key={f} className={errors[f] ? 'field field--error' : 'field'}>
      <span className="field-label">{optional ? t('address.optional', { label }) : label}</span>
      <Input name={f} value={form[f]} autoComplete={AUTOCOMPLETE[f]} aria-invalid={errors[f] ? true : undefined} {...more} onChange={(v) => set(f, v)} />
      {error(f)}
    </label>
  );
  const area = (f: AddressAreaField) => (rule && rule.use[f] !== 'hidden' ? field(f, t(`address.label.${rule.labels[f]}`), rule.use[f] === 'optional') : null);

  return (
    <PageLayout title={title}>
      <QueryState query={existing}>
        {() => (
          <form
            className="card form address-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <label className={errors.country ? 'field field--error' : 'field'}>
              <span className="field-label">{t('address.field.country')}</span>
              <CountrySelect value={form.country} invalid={Boolean(errors.country)} onChange={(code) => set('country', code)} />
              {error('country')}
            </label>
            {field('detail', t('address.field.detail'))}
            {rule?.order.map(area)}
            {field('name', t('address.field.name'))}
            {field('tel', t('address.field.tel'), false, { type: 'tel', inputMode: 'tel' })}
            {field('company', t('address.field.company'))}
            {field('email', t('address.field.email'), false, { type: 'email', inputMode: 'email' })}
            <label className="field field--inline">
              <span className="field-label">{t('address.set-default')}</span>
              <ToggleSwitch checked={isDefault} onChange={setDefault} />
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
        )}
      </QueryState>
    </PageLayout>
  );
}
