import { type AdminOrderDetail, adminOrderNoteRequest } from '@simshop/contract';
import { Button, Empty, Flex, Form, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { actorWords } from '@/components/audit-words';
import { DateTime } from '@/components/date-time';
import { useFormOutcome } from '@/lib/form-errors';
import { useOrderAddNote } from '../api/order-add-note';
import { zodRules } from '@/lib/zod-rules';

/** Staff's internal notes on an order, newest last, and a box to add one. */
export function OrderNotes({ order, canWrite }: { order: AdminOrderDetail; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const words = { t, lang: i18n.language };
  const [form] = Form.useForm<{ text: string }>();
  const outcome = useFormOutcome(form);
  const add = useOrderAddNote();
  return (
    <Flex vertical gap={12}>
      {order.notes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.detail.no-notes')} style={{ margin: 0 }} />
      ) : (
        <List
          size="small"
          dataSource={order.notes}
          renderItem={(n) => (
            <List.Item>
              <Flex vertical style={{ width: '100%' }}>
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{n.text}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {actorWords(n.by, words)} · <DateTime value={n.at} />
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
      {canWrite ? (
        <Form
          form={form}
          requiredMark={false}
          onFinish={(values) =>
            add.mutate(
              { orderNo: order.orderNo, text: values.text },
              outcome(t('orders.note.done'), () => form.resetFields()),
            )
          }
        >
          <Form.Item name="text" rules={zodRules(adminOrderNoteRequest, t)('text')} style={{ marginBottom: 8 }}>
            <Input.TextArea rows={2} maxLength={1000} placeholder={t('orders.note.placeholder')} aria-label={t('orders.action.add-note')} />
          </Form.Item>
          <Button htmlType="submit" loading={add.isPending}>
            {t('orders.action.add-note')}
          </Button>
        </Form>
      ) : null}
    </Flex>
  );
}
