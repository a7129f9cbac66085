import { Button, Input } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isEmail, type ProductDetail } from '@simshop/contract';
import { PlanCards } from '@/components/plan-cards';
import { userInfoQuery } from '@/features/accounts/api/get-user-info';
import { useLanguage, useTranslation } from '@/i18n';
import { countryName } from '@/lib/destinations';
import { useSession } from '@/lib/session';
import { alternativesQuery, useNotifyBack } from '../api/back-in-stock';
import { useCurrency } from '@/lib/currency';

/**
 * "Notify me when it is back": a signed-in traveller asks with one tap (the account's e-mail, or
 * its phone when it has none); anyone else leaves an e-mail address. The shop sends one notice.
 */
function NotifyBack({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useSession();
  // Asked only when signed in: signed out, the question would open the sign-in dialog.
  const user = useQuery({ ...userInfoQuery(), enabled: session.loggedIn });
  const notify = useNotifyBack();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ channel: 'email' | 'sms'; address: string } | null>(null);
  // The account's own address, once known; without one the form asks like a visitor's.
  const own = session.loggedIn && user.data ? (user.data.email ? { channel: 'email' as const, address: user.data.email } : user.data.tel ? { channel: 'sms' as const, address: user.data.tel } : null) : null;

  const submit = async () => {
    const typed = email.trim();
    if (!own && !isEmail(typed)) return setError(typed ? 'validation.email' : 'validation.required');
    setError(null);
    try {
      setDone(await notify.mutateAsync({ id: productId, i18n: lang, ...(own ? {} : { email: typed }) }));
    } catch {
      // The shop's answer is shown by the client (too many requests, back in stock meanwhile).
    }
  };

  return (
    <section className="card sold-out-notify" aria-labelledby="sold-out-title">
      <h3 className="card-title" id="sold-out-title">
        {t('back.title')}
      </h3>
      {/* Signed in, the form waits for the account's address rather than asking for one first. */}
      {session.loggedIn && user.isPending ? null : done ? (
        <p className="sold-out-done" role="status">
          {t(done.channel === 'email' ? 'back.done-email' : 'back.done-sms', { address: done.address })}
        </p>
      ) : (
        <form
          className="form sold-out-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {own ? (
            <p className="muted">{t(own.channel === 'email' ? 'back.lead-email' : 'back.lead-sms', { address: own.address })}</p>
          ) : (
            <>
              <p className="muted">{t('back.lead')}</p>
              <label className={error ? 'field field--error' : 'field'}>
                <span className="field-label">{t('back.email')}</span>
                <Input name="email" type="email" autoComplete="email" inputMode="email" value={email} onChange={setEmail} aria-invalid={error ? true : undefined} aria-describedby={error ? 'sold-out-email-error' : undefined} />
                {error ? (
                  <span className="field-error" role="alert" id="sold-out-email-error">
                    {t(error)}
                  </span>
                ) : null}
              </label>
            </>
          )}
          <Button block color="primary" type="submit" loading={notify.isPending}>
            {t('back.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** The product's destinations as a heading names them: one or a few by name, many by count. */
function placeOf(coverage: readonly string[], lang: ReturnType<typeof useLanguage>, t: ReturnType<typeof useTranslation>['t']) {
  if (coverage.length > 3) return t('back.place-many', { count: coverage.length });
  return coverage.map((c) => countryName(c, lang)).join(lang === 'zh-Hans' ? '、' : ', ');
}

/** The other plans for the same trip: in stock, covering every destination of this one (from the shop). */
function Alternatives({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const alternatives = useQuery({ ...alternativesQuery(product.id, lang, useCurrency()), enabled: product.coverage.length > 0 });
  const items = alternatives.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="card sold-out-alternatives" aria-labelledby="sold-out-alternatives-title">
      <h3 className="card-title" id="sold-out-alternatives-title">
        {t('back.alternatives', { place: placeOf(product.coverage, lang, t) })}
      </h3>
      <PlanCards items={items} />
    </section>
  );
}

/** What a sold-out product's page offers: a notice when it is back, and the plans to buy now. */
export function SoldOutOffer({ product }: { product: ProductDetail }) {
  return (
    <>
      <NotifyBack productId={product.id} />
      <Alternatives product={product} />
    </>
  );
}
