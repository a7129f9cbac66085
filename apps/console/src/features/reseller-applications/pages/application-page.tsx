import { ArrowLeftOutlined } from '@ant-design/icons';
import { type AdminResellerApplication, countryName, type Language, roleLabelKey, serverErrors } from '@simshop/contract';
import { App, Button, Card, Col, Row, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateTime } from '@/components/date-time';
import { cardHeading, FactsCard } from '@/components/facts-card';
import { NotFound } from '@/components/forbidden';
import { PageHeader } from '@/components/page-header';
import { QueryError } from '@/components/query-error';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/form-errors';
import { useApproveResellerApplication, useResellerApplication } from '../api/reseller-applications';
import { ApplicationStatusTag } from '../components/application-status-tag';
import { RejectDialog } from '../components/reject-dialog';

/** Approve at the version read, after a confirmation that says what approving does. */
function Decision({ application }: { application: AdminResellerApplication }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const approve = useApproveResellerApplication();
  const [rejecting, setRejecting] = useState(false);
  const name = application.businessName;
  const confirmApprove = () =>
    modal.confirm({
      title: t('reseller-applications.approve'),
      content: t('reseller-applications.approve.confirm', { name }),
      okText: t('reseller-applications.approve'),
      cancelText: t('console.cancel'),
      onOk: () =>
        approve.mutateAsync({ id: application.id, version: application.version }).then(
          () => void message.success(t('reseller-applications.approve.done', { name })),
          (err: unknown) => void message.error(errorText(err, t)),
        ),
    });
  return (
    <Card title={cardHeading(t('reseller-applications.decision'))} size="small">
      <Typography.Paragraph type="secondary">{t('reseller-applications.pending-hint')}</Typography.Paragraph>
      <Space wrap>
        <Button type="primary" onClick={confirmApprove}>
          {t('reseller-applications.approve')}
        </Button>
        <Button danger onClick={() => setRejecting(true)}>
          {t('reseller-applications.reject')}
        </Button>
      </Space>
      <RejectDialog application={application} open={rejecting} onClose={() => setRejecting(false)} />
    </Card>
  );
}

/** One application: what the customer wrote, their account, and the decision (or who made it). */
export default function ApplicationPage() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh-Hans' ? 'zh-Hans' : 'en';
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const query = useResellerApplication(valid ? id : 0);

  if (!valid || (query.error instanceof ApiError && query.error.code === serverErrors.resellerApplicationNotFound.code)) return <NotFound />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const back = (
    <div style={{ marginBottom: 8 }}>
      <Link to="/reseller-applications">
        <ArrowLeftOutlined /> {t('reseller-applications.back')}
      </Link>
    </div>
  );
  if (!query.data)
    return (
      <>
        {back}
        <Skeleton active style={{ marginTop: 16 }} />
      </>
    );
  const a = query.data;
  const website = a.website ? (
    <a href={a.website} target="_blank" rel="noopener noreferrer nofollow">
      {a.website}
    </a>
  ) : (
    '—'
  );

  return (
    <>
      {back}
      <PageHeader title={a.businessName} subtitle={<ApplicationStatusTag status={a.status} />} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <FactsCard
            title={t('reseller-applications.application')}
            facts={[
              { key: 'contact', label: t('reseller-applications.contact'), children: a.contactName },
              { key: 'email', label: t('reseller-applications.email'), children: a.contactEmail },
              { key: 'phone', label: t('reseller-applications.phone'), children: a.contactPhone },
              { key: 'country', label: t('reseller-applications.country'), children: countryName(a.country, lang) },
              { key: 'type', label: t('reseller-applications.business-type'), children: t(`reseller-applications.business.${a.businessType}`) },
              { key: 'volume', label: t('reseller-applications.volume'), children: t(`reseller-applications.volume.${a.monthlyVolume}`) },
              { key: 'website', label: t('reseller-applications.website'), children: website },
              { key: 'note', label: t('reseller-applications.note'), children: a.note ? <span style={{ whiteSpace: 'pre-wrap' }}>{a.note}</span> : '—' },
              { key: 'created', label: t('reseller-applications.created'), children: <DateTime value={a.createdAt} /> },
            ]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
            <FactsCard
              title={t('reseller-applications.account')}
              facts={[
                { key: 'account', label: t('reseller-applications.account'), children: <Link to={`/customers/${a.applicant.userId}`}>{a.applicant.account}</Link> },
                { key: 'role', label: t('reseller-applications.role'), children: t(roleLabelKey(a.applicant.role)) },
              ]}
            />
            {a.status === 'pending' ? (
              <Decision application={a} />
            ) : (
              <FactsCard
                title={t('reseller-applications.decision')}
                facts={[
                  { key: 'status', label: t('reseller-applications.status'), children: <ApplicationStatusTag status={a.status} /> },
                  { key: 'by', label: t('reseller-applications.decided-by'), children: a.decidedBy ?? '—' },
                  { key: 'at', label: t('reseller-applications.decided-at'), children: a.decidedAt ? <DateTime value={a.decidedAt} /> : '—' },
                  ...(a.rejectReason ? [{ key: 'reason', label: t('reseller-applications.reason'), children: a.rejectReason }] : []),
                ]}
              />
            )}
          </div>
        </Col>
      </Row>
    </>
  );
}
