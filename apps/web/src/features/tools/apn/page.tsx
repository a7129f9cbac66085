import { List } from 'antd-mobile';
import { CopyRow } from '@/components/copy-row';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { countryName } from '@simshop/contract';
import { Flag } from '@/components/flag';
import { useLanguage, useTranslation } from '@/i18n';
import { useApnList } from '../api/apn-list';
import '../tools.css';

/** APN settings: per network the catalogue's plans use, the values to type, each with a copy button. */
export default function ApnPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const list = useApnList();

  return (
    <PageLayout title={t('route.tool-apn')}>
      <p className="tool-intro">{t('tools.apn.intro')}</p>
      <QueryState query={list} rows={4} isEmpty={(d) => d.items.length === 0} empty={<EmptyState description={t('tools.apn.empty')} />}>
        {(d) => d.items.map((item) => (
          <section key={`${item.country}|${item.operator}`} className="card card--list" aria-label={`${item.operator}, ${countryName(item.country, lang)}`}>
            <List
              header={
                <h2 className="tool-apn-title">
                  <Flag code={item.country} /> {item.operator} · {countryName(item.country, lang)}
                </h2>
              }
            >
              <CopyRow label={t('tools.apn.apn')} value={item.apn} />
              {item.username ? <CopyRow label={t('tools.apn.username')} value={item.username} /> : null}
              {item.password ? <CopyRow label={t('tools.apn.password')} value={item.password} /> : null}
            </List>
          </section>
        ))}
      </QueryState>
    </PageLayout>
  );
}
