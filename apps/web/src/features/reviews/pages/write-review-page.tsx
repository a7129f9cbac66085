import { Button, TextArea } from 'antd-mobile';
import { Picture } from '@/components/picture';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { ACCOUNT_LIMITS, REVIEW_PICTURES_MAX, REVIEW_TEXT_MAX, writeReviewRequest } from '@simshop/contract';
import { PageLayout } from '@/components/page-layout';
import { allQueries, EmptyState, QueryState } from '@/components/page-states';
import { useLanguage, useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { imageUrl } from '@/lib/images';
import { toast } from '@/lib/toast';
import { uploadImage } from '@/lib/upload-image';
import { useGoBack } from '@/lib/use-go-back';
import { orderReviewsQuery } from '../api/order-reviews';
import { useWriteReview } from '../api/write-review';
import { useReviewedOrder } from '../api/get-reviewed-order';
import '@/components/reviews.css';

type Field = 'rating' | 'content' | 'pictures';

/** The field a failure belongs to: `pictures.2` is the pictures row. */
const fieldOf = (field: string | null): Field | null => {
  const head = field?.split('.')[0];
  return head === 'rating' || head === 'content' || head === 'pictures' ? head : null;
};

/** `/pages/review/write?orderNo=&item=`: stars, text and up to 6 pictures for one received order item. */
export function WriteReviewPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const goBack = useGoBack();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const itemId = Number(params.get('item'));
  const order = useReviewedOrder(orderNo, lang);
  const reviews = useQuery({ ...orderReviewsQuery(orderNo), enabled: orderNo !== '' });
  const write = useWriteReview();
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [pictures, setPictures] = useState<Array<{ fileId: string; url: string }>>([]);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const title = t('route.review-write');

  return (
    <PageLayout title={title}>
      <QueryState query={allQueries(order, reviews)}>
        {([reviewed, written]) => {
        const line = reviewed.items.find((i) => i.id === itemId);
        const state = written.items.find((r) => r.orderItemId === itemId);
        if (!line || !state) return <><EmptyState title={t('res.review.item-not-found')} /></>;
        if (!state.canReview) return <><EmptyState title={t(state.review ? 'res.review.already-written' : 'res.review.not-received')} /></>;

        const addPictures = async (files: FileList | null) => {
          const room = REVIEW_PICTURES_MAX - pictures.length;
          const chosen = [...(files ?? [])];
          if (chosen.length > room) toast.error(t('review.pictures-max', { max: REVIEW_PICTURES_MAX }));
          setUploading(true);
          try {
            for (const file of chosen.slice(0, room)) {
              if (file.size > ACCOUNT_LIMITS.avatarMaxBytes) {
                toast.error(t('review.picture-too-big'));
                continue;
              }
              const uploaded = await uploadImage(file, 'review_picture');
              setPictures((now) => [...now, uploaded]);
            }
            setErrors((e) => ({ ...e, pictures: undefined }));
          } catch (err) {
            toast.error(t(err instanceof ApiError && err.i18n ? err.i18n : 'error.unknown'));
          } finally {
            setUploading(false);
          }
        };

        const submit = async () => {
          const body = { orderItemId: itemId, rating, content, pictures: pictures.map((p) => p.fileId) };
          const checked = writeReviewRequest.safeParse(body);
          if (!checked.success) {
            const found: Partial<Record<Field, string>> = {};
            for (const issue of checked.error.issues) {
              const f = fieldOf(String(issue.path[0] ?? ''));
              if (f && !found[f]) found[f] = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
            }
            return setErrors(found);
          }
          try {
            await write.mutateAsync(body);
            toast.success(t('review.thanks'));
            goBack();
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            const f = fieldOf(err.field);
            if (f) setErrors({ [f]: err.i18n ?? 'validation.invalid' });
            else toast.error(t(err.i18n ?? 'error.unknown'));
          }
        };

        const error = (f: Field) =>
          errors[f] ? (
            <span className="field-error" role="alert">
              {t(errors[f])}
            </span>
          ) : null;

        return (
          <>
            <main className="page-body">
              <section className="card review-product">
                <Picture src={imageUrl(line.images)} width={56} height={56} fit="contain" alt="" />
                <div>
                  <strong>{line.name}</strong>
                  <div className="muted">{line.options.join(' · ')}</div>
                </div>
              </section>
              <section className="card">
                <div className="field-label" id="rating-label">{t('review.rating')}</div>
                <div className="star-input" role="radiogroup" aria-labelledby="rating-label">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <button
                      key={n}
                      type="button"
                      role="radio"
                      aria-checked={rating === n}
                      aria-label={t('review.stars', { rating: n })}
                      className={n <= rating ? 'star--lit' : undefined}
                      onClick={() => {
                        setRating(n);
                        setErrors((e) => ({ ...e, rating: undefined }));
                      }}
                    >
                      ★
                    </button>
                  ))}
                </div>
                {error('rating')}
              </section>
              <section className="card">
                <label className={errors.content ? 'field field--error' : 'field'}>
                  <span className="field-label">{t('review.content')}</span>
                  <TextArea value={content} onChange={(v) => setContent(v)} placeholder={t('review.content-placeholder')} rows={4} maxLength={REVIEW_TEXT_MAX} showCount />
                  {error('content')}
                </label>
              </section>
              <section className="card">
                <div className="field-label">{t('review.pictures', { max: REVIEW_PICTURES_MAX })}</div>
                <div className="picture-tiles">
                  {pictures.map((p, i) => (
                    <div key={p.fileId} className="picture-tile">
                      <img src={p.url} alt={t('review.picture-n', { n: i + 1 })} />
                      <button type="button" className="picture-remove" aria-label={t('review.picture-remove', { n: i + 1 })} onClick={() => setPictures((now) => now.filter((x) => x.fileId !== p.fileId))}>
                        <span aria-hidden>×</span>
                      </button>
                    </div>
                  ))}
                  {pictures.length < REVIEW_PICTURES_MAX ? (
                    <label className="picture-add">
                      <span aria-hidden>+</span>
                      <span>{uploading ? t('review.uploading') : t('review.picture-add')}</span>
                      <input type="file" accept="image/png,image/jpeg,image/webp,image/gif" multiple className="visually-hidden" disabled={uploading} onChange={(e) => void addPictures(e.target.files).then(() => (e.target.value = ''))} />
                    </label>
                  ) : null}
                </div>
                {error('pictures')}
              </section>
            </main>
            <div className="action-bar">
              <Button block color="primary" loading={write.isPending} disabled={uploading} onClick={() => void submit()}>
                {t('review.submit')}
              </Button>
            </div>
          </>
        );
        }}
      </QueryState>
    </PageLayout>
  );
}
