import { ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Popconfirm, Row, Space, Statistic, Tag, Typography } from 'antd';
import { JOB_STATUSES, jobAdminListRequest, type AdminJob, type JobStatus } from '@simshop/contract';
import { useTranslation } from 'react-i18next';
import { DateTime } from '@/components/date-time';
import { FilterBar } from '@/components/filter-bar';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/form-errors';
import { useCan } from '@/lib/staff-session';
import { useListRequest } from '@/lib/use-list-request';
import { useJobCounts } from '../api/job-counts';
import { useJobList } from '../api/job-list';
import { useRetryJob } from '../api/job-retry';

const STATUS_COLORS: Record<JobStatus, string> = { failed: 'red', retrying: 'orange', pending: 'blue', running: 'green' };

/**
 * Background jobs (the outbox): mails, text messages, fulfilment, provider refunds. A job that
 * kept failing gave up and waits here; Retry runs it once more.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canRetry = useCan()('jobs.write');
  const list = useListRequest(jobAdminListRequest, { sortField: 'createdAt' });
  // The request's default (failed jobs) when the address names none.
  const status = jobAdminListRequest.shape.status.parse(list.request.status);
  const query = useJobList(list.request);
  const counts = useJobCounts();
  const retry = useRetryJob();

  return (
    <>
      <PageHeader
        title={t('jobs.title')}
        subtitle={t('jobs.subtitle')}
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              void query.refetch();
              void counts.refetch();
            }}
          >
            {t('jobs.refresh')}
          </Button>
        }
      />
      <Row gutter={16} style={{ marginBottom: 16 }}>
        {JOB_STATUSES.map((s) => (
          <Col span={6} key={s}>
            <Card size="small" style={{ borderColor: status === s ? '#1f5fbf' : undefined }}>
              <Statistic title={t(`jobs.count.${s}`)} value={counts.data?.[s] ?? '—'} loading={counts.isPending} styles={s === 'failed' && (counts.data?.failed ?? 0) > 0 ? { content: { color: '#cf1322' } } : undefined} />
            </Card>
          </Col>
        ))}
      </Row>
      <FilterBar
        schema={jobAdminListRequest}
        list={list}
        fields={[
          { name: 'status', label: 'jobs.status', optionLabels: 'jobs.status.', segmented: true },
          { name: 'topic', label: 'jobs.topic.search', width: 260 },
        ]}
      />
      {status === 'failed' && counts.data?.failed === 0 ? <Alert type="success" showIcon title={t('jobs.none-failed')} style={{ marginBottom: 16 }} /> : null}
      <ListTable<AdminJob>
        query={query}
        list={list}
        expandable={{ expandedRowRender: (job) => <JobDetails job={job} />, rowExpandable: () => true }}
        columns={[
          { title: t('jobs.id'), dataIndex: 'id', width: 80 },
          { title: t('jobs.topic'), dataIndex: 'topic', render: (topic: string) => <Typography.Text code>{topic}</Typography.Text> },
          { title: t('jobs.status'), dataIndex: 'status', render: (s: JobStatus) => <Tag color={STATUS_COLORS[s]}>{t(`jobs.status.${s}`)}</Tag> },
          { title: t('jobs.attempts'), dataIndex: 'attempts', width: 100, align: 'right' },
          { title: t('jobs.error'), dataIndex: 'lastError', render: (e: string | null) => (e ? <Typography.Text type="danger" ellipsis={{ tooltip: e }} style={{ maxWidth: 320 }}>{e}</Typography.Text> : '—') },
          { title: t('jobs.created'), dataIndex: 'createdAt', ...list.sortable('createdAt'), render: (v: number) => <DateTime value={v} /> },
          status === 'failed'
            ? { title: t('jobs.failed-at'), dataIndex: 'failedAt', ...list.sortable('failedAt'), render: (v: number | null) => <DateTime value={v} /> }
            : { title: t('jobs.next-try'), dataIndex: 'runAfter', render: (v: number) => <DateTime value={v} /> },
          {
            title: t('console.actions'),
            key: 'actions',
            render: (_, job) =>
              job.status === 'failed' && canRetry ? (
                <Popconfirm
                  title={t('jobs.retry.confirm', { id: job.id, topic: job.topic })}
                  okText={t('jobs.retry')}
                  cancelText={t('console.cancel')}
                  onConfirm={() =>
                    retry.mutateAsync({ id: job.id }).then(
                      () => void message.success(t('jobs.retried', { id: job.id })),
                      (e: unknown) => void message.error(errorText(e, t)),
                    )
                  }
                >
                  <Button size="small" type="primary" ghost loading={retry.isPending && retry.variables?.id === job.id} aria-label={`${t('jobs.retry')} #${job.id}`}>
                    {t('jobs.retry')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </>
  );
}

function JobDetails({ job }: { job: AdminJob }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {job.lastError ? (
        <div>
          <Typography.Text strong>{t('jobs.error')}: </Typography.Text>
          <Typography.Text type="danger">{job.lastError}</Typography.Text>
        </div>
      ) : null}
      <div>
        <Typography.Text strong>{t('jobs.payload')}:</Typography.Text>
        <pre style={{ margin: '4px 0 0', padding: 8, background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 4, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(job.payload, null, 2)}</pre>
      </div>
    </Space>
  );
}
