import { COUNTRY_CODES, VALIDITY_STARTS, countryName, flagOf, type Language } from '@simshop/contract';
import { Card, Col, Empty, Flex, Form, Input, Row, Select, Switch, Typography, type FormInstance } from 'antd';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
 * A travel plan (eSIMs and SIM cards, issue 11): the destinations the shop's search finds it by,
 * the operators it uses in each, whether hotspot is allowed and when its days start. Network rows
 * follow the destinations: choosing one adds its row, removing it drops the row.
 */
export function TravelPlanCard({ form }: { form: FormInstance<ProductValues> }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en';
  const options = useCountryOptions(lang);
  const coverage: string[] = Form.useWatch('coverage', form) ?? [];

  const syncNetworks = (codes: string[]) => {
    const current = (form.getFieldValue(['plan', 'networks']) as ProductValues['plan']['networks'] | undefined) ?? [];
    form.setFieldValue(['plan', 'networks'], networkRows(codes, current));
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
              <span aria-hidden="true">{flagOf(String(option.value))}</span>
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
      {coverage.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalogue.networks.empty')} />
      ) : (
        // A global plan covers over a hundred destinations: their rows scroll (focusable, so a keyboard can too).
        <div role="group" style={{ maxHeight: 440, overflowY: 'auto', paddingInlineEnd: 8 }} aria-label={t('catalogue.networks')} tabIndex={0}>
          <Form.List name={['plan', 'networks']}>
            {(rows) =>
              rows.map((row) => {
                const code = coverage[row.name] ?? '';
                return (
                  <Fragment key={row.key}>
                    {/* Registered, so the saved values keep which destination each row is. */}
                    <Form.Item name={[row.name, 'country']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item
                      name={[row.name, 'operators']}
                      layout="horizontal"
                      colon={false}
                      labelCol={{ flex: '200px' }}
                      labelAlign="left"
                      wrapperCol={{ flex: 'auto' }}
                      style={{ marginBottom: 8 }}
                      label={
                        <span>
                          <span aria-hidden="true">{flagOf(code)}</span> {countryName(code, lang, 'long')}
                        </span>
                      }
                    >
                      <Select mode="tags" maxCount={OPERATORS_MAX} tokenSeparators={[',']} open={false} suffixIcon={null} placeholder={t('catalogue.networks.placeholder')} aria-label={t('catalogue.networks.operators-in', { country: countryName(code, lang, 'long') })} />
                    </Form.Item>
                  </Fragment>
                );
              })
            }
          </Form.List>
        </div>
      )}
    </Card>
  );
}
