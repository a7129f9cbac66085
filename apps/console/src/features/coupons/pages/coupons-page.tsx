import { PlusOutlined } from '@ant-design/icons';
import { type AdminCoupon, adminCouponListRequest, type CouponStatus } from '@simshop/contract';
import { App, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime } from '@/components/date-time';
import type { FilterDecl } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { SavedViews } from '@/components/saved-views/saved-views';
import { errorText } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useListRequest } from '@/lib/use-list-request';
import { useCouponList } from '../api/coupon-queries';
import { usePauseCoupon } from '../api/coupon-write';
import { CouponStatusTag, couponValue } from '../components/coupon-bits';
import { CouponForm } from '../components/coupon-form';

/** The filters this list shows, by its request's fields (labels and values' words are text keys). */
const FILTERS: readonly FilterDecl[] = [
  { name: 'q', label: 'coupons.search' },
  { name: 'status', label: 'coupons.status', optionLabels: 'coupons.status.', width: 180 },
];

/** Coupons: find by name, code or status; create, edit, pause and resume; open one for its uses and codes. */
export default function CouponsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const writable = can('promotions.manage');
  const list = useListRequest(adminCouponListRequest, { sortField: 'created_at' });
  const query = useCouponList(list.request);
  const pause = usePauseCoupon();
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const zh = i18n.language === 'zh-Hans';

  const togglePause = (c: AdminCoupon) =>
    pause.mutate({ id: c.id, paused: !c.paused }, { onSuccess: () => void message.success(t(c.paused ? 'coupons.resumed' : 'coupons.paused')), onError: (e) => void message.error(errorText(e, t)) });

  return (
    <>
      <PageHeader
        title={t('coupons.title')}
        subtitle={t('coupons.subtitle')}
        extra={
          writable ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('coupons.add')}
            </Button>
          ) : null
        }
      />
      <SavedViews list="coupons" state={list} />
      <ListTable<AdminCoupon> query={query} list={list} filters={{ schema: adminCouponListRequest, fields: FILTERS }}
        columns={[
          {
            title: t('coupons.name'),
            key: 'name',
            render: (_, c) => (
              <Space direction="vertical" size={0}>
                <Link to={`/coupons/${c.id}`}>{zh ? c.nameZh : c.nameEn}</Link>
                <Typography.Text type="secondary">{c.code ? <Typography.Text code>{c.code}</Typography.Text> : t(`coupons.distribution.${c.distribution}`)}</Typography.Text>
              </Space>
            ),
          },
          { title: t('coupons.kind'), key: 'value', render: (_, c) => couponValue(c, t) },
          { title: t('coupons.status'), dataIndex: 'status', width: 120, render: (s: CouponStatus) => <CouponStatusTag status={s} /> },
          { title: t('coupons.uses'), dataIndex: 'uses', width: 110, ...list.sortable('uses'), render: (n: number, c) => (c.maxUses ? `${n} / ${c.maxUses}` : n) },
          { title: t('coupons.claims'), dataIndex: 'claims', width: 90 },
          { title: t('coupons.starts'), dataIndex: 'startsAt', width: 170, render: (v: number) => <DateTime value={v} /> },
          { title: t('coupons.ends-at'), dataIndex: 'ends_at', width: 170, ...list.sortable('ends_at'), render: (_: unknown, c) => (c.endsAt ? <DateTime value={c.endsAt} /> : t('coupons.no-end')) },
          ...(writable
            ? [
                {
                  title: t('console.actions'),
                  key: 'actions',
                  width: 180,
                  render: (_: unknown, c: AdminCoupon) => (
                    <Space>
                      <Button size="small" autoInsertSpace={false} onClick={() => setEditing(c)} aria-label={`${t('console.edit')} ${c.nameEn}`}>
                        {t('console.edit')}
                      </Button>
                      <Button size="small" autoInsertSpace={false} onClick={() => togglePause(c)} aria-label={`${t(c.paused ? 'coupons.resume' : 'coupons.pause')} ${c.nameEn}`}>
                        {t(c.paused ? 'coupons.resume' : 'coupons.pause')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <CouponForm open={editing !== null} coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
    </>
  );
}
