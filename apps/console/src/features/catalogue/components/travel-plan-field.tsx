import { COUNTRY_CODES, VALIDITY_STARTS, countryName, type Language } from '@simshop/contract';
import { CountryFlag } from '@/components/country-flag';
import { Card, Col, Flex, Form, Row, Select, Switch, Typography, type FormInstance } from 'antd';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkErrorProbes, type ReportErrors } from './network-error-probes';
import { NetworksTable } from './networks-table';
import { networkRows, type ProductValues } from './product-values';

/** Operators a plan names per destination (the contract's limit). */
const OPERATORS_MAX = 6;

interface CountryOption {
  value: string;
  label: string;
  /** The code and the names in both languages, lower case: what a search matches. */
  search: string;
}

/** Every country and region, by its long name in the console's language, searchable in both languages and by code. */
function useCountryOptions(lang: Language): CountryOption[] {
  return useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, lang, 'long'), search: [code, countryName(code, 'en', 'long'), countryName(code, 'zh-Hans', 'long')].join('|').toLowerCase() })).sort((a, b) =>
        a.label.localeCompare(b.label, lang),
      ),
    [lang],
  );
}

/** A search's hits: a code or a name starting with what was typed ("ja": Japan, Jamaica) before names merely containing it (Azerbaijan). */
function startsFirst(a: CountryOption, b: CountryOption, { searchValue }: { searchValue: string }): number {
  const q = searchValue.trim().toLowerCase();
  const starts = (o: CountryOption) => (o.search.split('|').some((name) => name.startsWith(q)) ? 0 : 1);
  return starts(a) - starts(b);
}

/**
 * A travel plan (eSIMs and SIM cards): the destinations the shop's search finds it by,
 * the operators it uses in each, whether hotspot is allowed and when its days start. Network rows
 * follow the destinations: choosing one adds its row (shown, to type its operators), removing it
 * drops the row.
 *
 * Memoised: the card changes with its own fields only, not with the editor around it (the save's
 * pending state, the product read again after it), which drew its 122 rows again each time.
 */
export const TravelPlanCard = memo(function TravelPlanCard({ form }: { form: FormInstance<ProductValues> }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en';
  const options = useCountryOptions(lang);
  const coverage: string[] = Form.useWatch('coverage', form) ?? [];
  const networks: ProductValues['plan']['networks'] = Form.useWatch(['plan', 'networks'], form) ?? [];
  const named = networks.flatMap((n, row) => (n.operators?.length ? [`${n.country}:${row}`] : [])).join(',');
  const [opened, setOpened] = useState<{ country: string; seq: number } | null>(null);
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});

  const onErrors = useCallback<ReportErrors>(
    (country, list) =>
      setErrors((prev) => {
        if ((prev[country] ?? []).join('\n') === list.join('\n')) return prev;
        const { [country]: _old, ...rest } = prev;
        return list.length > 0 ? { ...rest, [country]: list } : rest;
      }),
    [],
  );

  const syncNetworks = (codes: string[]) => {
    const current = (form.getFieldValue(['plan', 'networks']) as ProductValues['plan']['networks'] | undefined) ?? [];
    form.setFieldValue(['plan', 'networks'], networkRows(codes, current));
    const added = codes.filter((code) => !current.some((n) => n.country === code));
    if (added.length > 0) setOpened((o) => ({ country: added[added.length - 1]!, seq: (o?.seq ?? 0) + 1 }));
  };

  return (
    <Card title={t('catalogue.section.travel')}>
      <Typography.Paragraph type="secondary">{t('catalogue.travel.help')}</Typography.Paragraph>
      <Form.Item name="coverage" label={t('catalogue.coverage')} extra={coverage.length > 0 ? t('catalogue.coverage.count', { count: coverage.length }) : undefined}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'search', filterSort: startsFirst }}
          maxTagCount={24}
          options={options}
          placeholder={t('catalogue.coverage.placeholder')}
          notFoundContent={t('catalogue.coverage.none')}
          onChange={syncNetworks}
          optionRender={(option) => (
            <Flex gap={8} align="baseline">
              <CountryFlag code={String(option.value)} />
              <span>{option.label}</span>
              <Typography.Text type="secondary" style={{ marginInlineStart: 'auto' }}>
                {String(option.value)}
              </Typography.Text>
            </Flex>
          )}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name={['plan', 'validityStarts']} label={t('catalogue.plan.validity-starts')} extra={t('catalogue.plan.validity-starts.help')}>
            <Select allowClear placeholder={t('catalogue.plan.not-stated')} options={VALIDITY_STARTS.map((v) => ({ value: v, label: t(`catalogue.plan.starts.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={['plan', 'hotspot']} label={t('catalogue.plan.hotspot')} valuePropName="checked" extra={t('catalogue.plan.hotspot.help')}>
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('catalogue.networks')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('catalogue.networks.help', { max: OPERATORS_MAX })}</Typography.Paragraph>
      <NetworkErrorProbes rows={named} onErrors={onErrors} />
      {/* One field for the whole list: the table changes its rows; the probes above hold their errors. */}
      <Form.Item name={['plan', 'networks']} noStyle>
        <NetworksTable lang={lang} max={OPERATORS_MAX} errors={errors} opened={opened} />
      </Form.Item>
    </Card>
  );
});
