import { Avatar, Button, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { ACCOUNT_LIMITS, isNonEmptyChanged } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { QueryState } from '@/components/page-states';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { uploadImage } from '@/lib/upload-image';
import { useGoBack } from '@/lib/use-go-back';
import { useUserInfo } from '../api/get-user-info';
import { useUpdateUser } from '../api/update-user';
import { Field, serverFieldMessage } from '../components/field';

/** SPEC §5 "content edit: must be non-empty and changed". */
export function UserInfoEditPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const info = useUserInfo();
  const update = useUpdateUser();
  const [nickname, setNickname] = useState('');
  const [name, setName] = useState('');
  const [avatar, setAvatar] = useState<{ fileId: string; url: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string | null>>({});

  useEffect(() => {
    if (info.data) {
      setNickname(info.data.nickname);
      setName(info.data.name);
    }
  }, [info.data]);

  return (
    <PageLayout title={t('route.user-info-edit')}>
      <QueryState query={info}>
        {(current) => {
        const changed = avatar !== null || isNonEmptyChanged(nickname, current.nickname) || (name.trim() !== current.name && name.trim() !== '');

        const pick = async (file: File | undefined) => {
          if (!file) return;
          if (file.size > ACCOUNT_LIMITS.avatarMaxBytes) return toast.error(t('account.avatar.too-big'));
          try {
            setAvatar(await uploadImage(file));
          } catch (err) {
            toast.error(t(err instanceof ApiError && err.i18n ? err.i18n : 'error.unknown'));
          }
        };

        const save = async () => {
          try {
            await update.mutateAsync({
              ...(isNonEmptyChanged(nickname, current.nickname) ? { nickname } : {}),
              ...(name.trim() !== current.name && name.trim() !== '' ? { name } : {}),
              ...(avatar ? { avatarFileId: avatar.fileId } : {}),
            });
            toast.success(t('account.saved'));
            goBack();
          } catch (err) {
            if (err instanceof ApiError && err.field) setErrors({ [err.field]: serverFieldMessage(err) });
          }
        };

        return (
          <>
            <section className="card form">
              <label className="avatar-picker">
                <Avatar src={avatar?.url ?? current.avatar ?? ''} style={{ '--size': '64px', '--border-radius': '50%' }} />
                <span>{t('account.avatar.change')}</span>
                <input className="visually-hidden" type="file" accept="image/png,image/jpeg,image/webp,image/gif" onChange={(e) => void pick(e.target.files?.[0])} />
              </label>
              <Field label={t('account.nickname').replace(/（.*）|\s*\(.*\)/, '')} error={errors.nickname}>
                <Input name="nickname" value={nickname} onChange={setNickname} maxLength={32} />
              </Field>
              <Field label={t('account.name')} error={errors.name}>
                <Input name="name" value={name} onChange={setName} maxLength={64} />
              </Field>
              <Button block color="primary" disabled={!changed} loading={update.isPending} onClick={() => void save()}>
                {t('account.save')}
              </Button>
            </section>
          </>
        );
        }}
      </QueryState>
    </PageLayout>
  );
}
