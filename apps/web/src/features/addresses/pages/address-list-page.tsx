import { Button, Tag } from 'antd-mobile';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { addressLine } from '@simshop/contract';
import { useLanguage, useTranslation } from '@/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { PageLayout } from '@/components/page-layout';
import { EmptyState, QueryState } from '@/components/page-states';
import { paths } from '@/config/paths';
import { forgetAddresses } from '../api/address-cache';
import { useAddressList } from '../api/list-addresses';
import { pickedAddressHref } from '../picker';

/**
 * The address book (SPEC §2, §4): default first. Opened with `select=1&redirect=...` it is a
 * picker: choosing an address returns to `redirect` with `addressId`.
 */
export function AddressListPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const picking = params.get('select') === '1';
  const redirect = params.get('redirect');
  const list = useAddressList();

  const choose = (id: number) => {
    const back = picking && redirect ? pickedAddressHref(redirect, id) : null;
    void navigate(back ?? paths['address-edit'].getHref({ id: String(id) }), back ? { replace: true } : undefined);
  };

  return (
    <PageLayout title={t(picking ? 'address.choose' : 'route.address')}>
      <PullToRefresh
        onRefresh={async () => {
          // A pull reads the book from the server, not from the browser's cache.
          forgetAddresses();
          await list.refetch();
        }}
      >
        <QueryState query={list} isEmpty={(d) => d.length === 0} empty={<EmptyState title={t('address.empty')} />}>
          {(addresses) => (
            <ul className="address-list">
              {addresses.map((a) => (
                <li key={a.id}>
                  <button type="button" className="card address-card" onClick={() => choose(a.id)}>
                    <span className="address-head">
                      <strong>{a.name}</strong> <span>{a.tel}</span> {a.defaultAddr ? <Tag className="address-default">{t('address.default')}</Tag> : null}
                    </span>
                    <span className="muted">{addressLine(a, lang)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </PullToRefresh>
      <div className="action-bar">
        {/* The picker is a step of the page it serves: the form takes its place, and saving or going back returns there. */}
        <Button block color="primary" onClick={() => void navigate(paths['address-edit'].getHref(picking && redirect ? { select: '1', redirect } : {}), { replace: picking })}>
          {t('address.add')}
        </Button>
      </div>
    </PageLayout>
  );
}
