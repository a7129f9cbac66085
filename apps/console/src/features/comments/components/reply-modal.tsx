import { type AdminComment, COMMENT_REPLY_MAX_LENGTH, commentReplyRequest } from '@simshop/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormOutcome } from '@/lib/form-errors';
import { useReplyComment } from '../api/comment-reply';
import { zodRules } from '@/lib/zod-rules';

/** Answers a comment as the shop, or edits or removes (empty) the answer it has. */
export function ReplyModal({ comment, onClose }: { comment: AdminComment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reply: string }>();
  const outcome = useFormOutcome(form);
  const reply = useReplyComment();

  return (
    <Modal
      open={comment !== null}
      title={t('comments.reply.title')}
      okText={t('console.save')}
      cancelText={t('console.cancel')}
      confirmLoading={reply.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {comment ? (
        <>
          <Typography.Paragraph>
            <Typography.Text strong>{comment.nickname}</Typography.Text>: {comment.content}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('comments.reply.hint')}</Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ reply: comment.reply ?? '' }}
            onFinish={(v) =>
              reply.mutate(
                { id: comment.id, reply: (v.reply ?? '').trim() },
                outcome(t('comments.reply.done'), onClose),
              )
            }
          >
            <Form.Item name="reply" label={t('comments.reply.label')} rules={zodRules(commentReplyRequest, t)('reply', { message: t('comments.reply.too-long', { max: COMMENT_REPLY_MAX_LENGTH }) })}>
              <Input.TextArea rows={4} maxLength={COMMENT_REPLY_MAX_LENGTH} showCount />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
