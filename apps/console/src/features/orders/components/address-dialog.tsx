import { ADDRESS_COUNTRIES_FIRST, adminOrderAddressRequest, addressRuleFor, COUNTRY_CODES, countryCodeOf, countryName, type AddressAreaField, type AdminOrderDetail, type OrderAddress } from '@simshop/contract';
import { Col, Form, Input, Modal, Row, Select, type FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormOutcome } from '@/lib/form-errors';
import { problemKey } from '@/lib/zod-rules';
import { useOrderModifyAddress } from '../api/order-modify-address';

const EMPTY: OrderAddress = { name: '', company: '', tel: '', email: '', country: '', province: '', city: '', district: '', postCode: '', detail: '' };
const addressSchema = adminOrderAddressRequest.shape.address;
type Field = keyof OrderAddress;

/** Each field's first problem as the contract's address check finds it (the country's rules, its mobile numbers). */
function problemsOf(address: Partial<OrderAddress> | undefined): Partial<Record<Field, string>> {
  // A field never touched (the country before one is chosen) is empty, as the request sends it.
  const values = Object.fromEntries(Object.keys(EMPTY).map((k) => [k, address?.[k as Field] ?? ''])) as OrderAddress;
  const found: Partial<Record<Field, string>> = {};
  for (const issue of addressSchema.safeParse(values).error?.issues ?? []) {
    const field = issue.path[0] as Field;
    found[field] ??= problemKey(issue, values[field]);
  }
  return found;
}

/**
 * Changes the delivery address of an order that has not shipped (the customer asked by message or
 * phone). As in the shop's address form, the country comes first and decides the rest: which
 * parts are asked and what they are called, the post code's form and which phones are mobiles
 * there (address-countries.ts and the contract's check, the server's own).
 */
export function AddressDialog({ order, open, onClose }: { order: AdminOrderDetail; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en';
  const [form] = Form.useForm<{ address: OrderAddress }>();
  const outcome = useFormOutcome(form);
  const modify = useOrderModifyAddress();
  const country = Form.useWatch(['address', 'country'], form) ?? '';
  const rule = country ? addressRuleFor(country) : null;
  const countries = useMemo(() => {
    const option = (code: string) => ({ value: code, label: countryName(code, lang, 'long'), search: [code, countryName(code, 'en', 'long'), countryName(code, 'zh-Hans', 'long')].join('|').toLowerCase() });
    const collator = new Intl.Collator(lang);
    const others = COUNTRY_CODES.filter((c) => !ADDRESS_COUNTRIES_FIRST.includes(c)).map(option).sort((a, b) => collator.compare(a.label, b.label));
    return [
      { label: t('orders.address.country.first'), title: t('orders.address.country.first'), options: ADDRESS_COUNTRIES_FIRST.map(option) },
      { label: t('orders.address.country.all'), title: t('orders.address.country.all'), options: others },
    ];
  }, [lang, t]);
  // One check for every field, the contract's, re-run when the country changes its rules.
  const checked = (field: Field): FormRule => ({ getFieldValue }) => ({
    validator: () => {
      const problem = problemsOf(getFieldValue('address') as Partial<OrderAddress>)[field];
      return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
    },
  });
  const field = (name: Field, label: string, max: number, optional = false, autoComplete?: string) => (
    <Form.Item name={['address', name]} label={optional ? t('orders.address.optional', { label }) : label} dependencies={name === 'country' ? [] : [['address', 'country']]} rules={[checked(name)]}>
      <Input maxLength={max} autoComplete={autoComplete} />
    </Form.Item>
  );
  const area = (name: AddressAreaField, max: number) =>
    rule && rule.use[name] !== 'hidden' ? <Col span={12} key={name}>{field(name, t(`orders.address.label.${rule.labels[name]}`), max, rule.use[name] === 'optional')}</Col> : null;
  // An address typed before countries were chosen from a list keeps its country only when it is one the shop knows.
  const initial = { ...EMPTY, ...order.address, country: countryCodeOf(order.address?.country ?? '') ?? undefined };
  return (
    <Modal open={open} width={640} title={t('orders.address.title', { orderNo: order.orderNo })} okText={t('console.save')} cancelText={t('console.cancel')} confirmLoading={modify.isPending} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ address: initial }} onFinish={() => modify.mutate({ orderNo: order.orderNo, address: { ...EMPTY, ...(form.getFieldValue('address') as Partial<OrderAddress>) } }, outcome(t('orders.address.done'), onClose))}>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name={['address', 'country']} label={t('orders.address.country')} rules={[checked('country')]}>
              <Select
                showSearch={{ optionFilterProp: 'search' }}
                placeholder={t('orders.address.country.choose')}
                options={countries}
                style={{ maxWidth: 360 }}
              />
            </Form.Item>
          </Col>
          <Col span={24}>{field('detail', t('orders.address.detail'), 200, false, 'street-address')}</Col>
          {(rule?.order ?? []).map((name) => area(name, name === 'postCode' ? 12 : 60))}
          <Col span={12}>{field('name', t('orders.address.name'), 50, false, 'name')}</Col>
          <Col span={12}>{field('tel', t('orders.address.tel'), 30, false, 'tel')}</Col>
          <Col span={12}>{field('email', t('orders.address.email'), 120, true, 'email')}</Col>
          <Col span={12}>{field('company', t('orders.address.company'), 100, true, 'organization')}</Col>
        </Row>
      </Form>
    </Modal>
  );
}
