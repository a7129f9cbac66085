import { addressCountryName, type AdminOrderDetail } from '@simshop/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FactsCard } from '@/components/facts-card';
import { formatDateTime } from '@/lib/format';

/**
 * An EU consumer's order: where the customer lives (as the checkout decided it), the consent to
 * immediate performance they gave (when, which wording) and their withdrawal, tagged as such.
 */
export function ConsumerTermsCard({ terms }: { terms: NonNullable<AdminOrderDetail['consumerTerms']> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <FactsCard
      title={t('orders.consumer.title')}
      facts={[
        { key: 'country', label: t('orders.consumer.country'), children: addressCountryName(terms.country, lang === 'zh-Hans' ? 'zh-Hans' : 'en') },
        {
          key: 'consent',
          label: t('orders.consumer.consent'),
          children: terms.consentAt !== null ? t('orders.consumer.consent-at', { when: formatDateTime(terms.consentAt, lang), version: terms.consentVersion ?? '—' }) : t('orders.consumer.consent-none'),
        },
        {
          key: 'withdrawn',
          label: t('orders.consumer.withdrawn'),
          children:
            terms.withdrawnAt !== null ? (
              <Space size={4} wrap>
                <Tag color="purple">{t('orders.consumer.tag')}</Tag>
                {formatDateTime(terms.withdrawnAt, lang)}
              </Space>
            ) : (
              t('orders.consumer.not-withdrawn')
            ),
        },
      ]}
    />
  );
}
