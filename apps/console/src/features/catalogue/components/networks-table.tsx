import { CheckOutlined, EditOutlined, SearchOutlined } from '@ant-design/icons';
import { countryName, type Language, type TravelPlan } from '@simshop/contract';
import { CountryFlag } from '@/components/country-flag';
import { Button, Empty, Flex, Form, Input, Segmented, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Network = TravelPlan['networks'][number];

const PAGE_SIZE = 10;

interface Row {
  country: string;
  /** Its place in the form's `plan.networks` (the coverage's order). */
  index: number;
  operators: string[];
  name: string;
  /** The code and the names in both languages, lower case: what the filter matches. */
  search: string;
}

export interface NetworksTableProps {
  /** The form's `plan.networks` (a Form.Item's child). */
  value?: Network[];
  onChange?: (networks: Network[]) => void;
  lang: Language;
  max: number;
  /** Each destination's errors, as its field holds them (network-error-probes.tsx). */
  errors: Readonly<Record<string, readonly string[]>>;
  /** The destination just chosen: its page is shown with its operators open. */
  opened: { country: string; seq: number } | null;
}

/**
 * The operators of each destination as a paged table: a global plan covers over a hundred, and an
 * antd tag select per destination made the editor thousands of components, all drawn again at
 * every change of the page (5–7 s at a time on a slowed CPU, see the commit). One row at a time
 * is edited, with the select; the others show their operators as tags.
 */
export function NetworksTable({ value = [], onChange, lang, max, errors, opened }: NetworksTableProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [query, setQuery] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ country: string; focus: boolean } | null>(null);

  const rows = useMemo<Row[]>(
    () =>
      value.map((n, index) => ({
        country: n.country,
        index,
        operators: n.operators ?? [],
        name: countryName(n.country, lang, 'long'),
        search: [n.country, countryName(n.country, 'en', 'long'), countryName(n.country, 'zh-Hans', 'long')].join('|').toLowerCase(),
      })),
    [value, lang],
  );
  const missing = rows.filter((r) => r.operators.length === 0).length;
  const q = query.trim().toLowerCase();
  const shown = rows.filter((r) => (!missingOnly || r.operators.length === 0) && (!q || r.search.includes(q)));

  /** Shows a row on its page, whatever the filters hid. */
  const reveal = (country: string) => {
    const at = rows.findIndex((r) => r.country === country);
    if (at === -1) return;
    setQuery('');
    setMissingOnly(false);
    setPage(Math.floor(at / PAGE_SIZE) + 1);
  };

  // A destination just chosen in the picker: its operators are what the owner types next.
  useEffect(() => {
    if (!opened) return;
    reveal(opened.country);
    // Not focused: the owner may be choosing more destinations in the picker.
    setEditing({ country: opened.country, focus: false });
    // Once per destination chosen, not again as rows change.
  }, [opened?.seq]);

  // Errors put on rows (a check before saving, the server's answer): the first is shown, open to fix.
  const firstError = rows.find((r) => errors[r.country]?.length)?.country;
  useEffect(() => {
    if (!firstError) return;
    if (!shown.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).some((r) => r.country === firstError)) reveal(firstError);
    setEditing((e) => (e?.country === firstError ? e : { country: firstError, focus: false }));
    // When the erring rows change, not at every page turn.
  }, [firstError, Object.keys(errors).join()]);

  const setOperators = (row: Row, operators: string[]) => {
    onChange?.(value.map((n) => (n.country === row.country ? { ...n, operators } : n)));
    // The row's errors were about what it held; the next check looks again.
    if (errors[row.country]?.length) form.setFields([{ name: ['plan', 'networks', row.index, 'operators'], errors: [] }]);
  };

  const columns: TableColumnsType<Row> = [
    {
      key: 'destination',
      title: t('catalogue.networks.destination'),
      width: '34%',
      render: (_, row) => (
        <Flex gap={8} align="baseline">
          <CountryFlag code={row.country} />
          <span>{row.name}</span>
          <Typography.Text type="secondary">{row.country}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'operators',
      title: t('catalogue.networks.operators'),
      render: (_, row) => {
        const rowErrors = errors[row.country] ?? [];
        const errorId = `networks-${row.country}-errors`;
        return (
          <>
            {editing?.country === row.country ? (
              <Select
                mode="tags"
                autoFocus={editing.focus}
                value={row.operators}
                onChange={(operators: string[]) => setOperators(row, operators)}
                maxCount={max}
                tokenSeparators={[',']}
                open={false}
                suffixIcon={null}
                status={rowErrors.length > 0 ? 'error' : undefined}
                style={{ width: '100%' }}
                placeholder={t('catalogue.networks.placeholder')}
                aria-label={t('catalogue.networks.operators-in', { country: row.name })}
                aria-describedby={rowErrors.length > 0 ? errorId : undefined}
                aria-invalid={rowErrors.length > 0 || undefined}
              />
            ) : row.operators.length > 0 ? (
              <Flex wrap gap={4}>
                {row.operators.map((o) => (
                  <Tag key={o} style={{ marginInlineEnd: 0 }}>
                    {o}
                  </Tag>
                ))}
              </Flex>
            ) : (
              <Typography.Text type="secondary">{t('catalogue.networks.not-named')}</Typography.Text>
            )}
            {rowErrors.length > 0 ? (
              <div id={errorId} role="alert">
                {rowErrors.map((e) => (
                  <Typography.Text key={e} type="danger" style={{ display: 'block' }}>
                    {e}
                  </Typography.Text>
                ))}
              </div>
            ) : null}
          </>
        );
      },
    },
    {
      key: 'action',
      title: t('console.actions'),
      width: 112,
      align: 'end',
      render: (_, row) =>
        editing?.country === row.country ? (
          <Button type="link" size="small" icon={<CheckOutlined />} onClick={() => setEditing(null)} aria-label={t('catalogue.networks.done-in', { country: row.name })}>
            {t('catalogue.networks.done')}
          </Button>
        ) : (
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ country: row.country, focus: true })} aria-label={t('catalogue.networks.edit-in', { country: row.name })}>
            {t('console.edit')}
          </Button>
        ),
    },
  ];

  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalogue.networks.empty')} />;
  return (
    <>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden="true" />}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(1);
          }}
          placeholder={t('catalogue.networks.find')}
          aria-label={t('catalogue.networks.find')}
          style={{ width: 280 }}
        />
        <Segmented<'all' | 'missing'>
          aria-label={t('catalogue.networks.show')}
          value={missingOnly ? 'missing' : 'all'}
          onChange={(v) => {
            setMissingOnly(v === 'missing');
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('catalogue.networks.show-all', { count: rows.length }) },
            { value: 'missing', label: t('catalogue.networks.show-missing', { count: missing }) },
          ]}
        />
      </Flex>
      <Table<Row>
        size="small"
        rowKey="country"
        tableLayout="fixed"
        columns={columns}
        dataSource={shown}
        locale={{ emptyText: missingOnly && !q ? t('catalogue.networks.all-named') : t('catalogue.networks.no-match') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: shown.length,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
          size: 'small',
          showTotal: (total, [start, end]) => t('catalogue.networks.range', { start, end, total }),
        }}
      />
    </>
  );
}
