import { PLATFORM_MERCHANT_ID, type MerchantSummary } from '@simshop/contract';
import { useTranslation } from '@/i18n';
import { BASENAME, paths } from '@/config/paths';
import { openPage } from '@/lib/open-page';
import './sold-by.css';

/**
 * "Sold by <merchant>" on the goods page, linking to the merchant's shop page. Only
 * for other merchants: the platform's own products say nothing, as before (docs/decisions.md).
 */
export function SoldBy({ merchant }: { merchant: MerchantSummary }) {
  const { t } = useTranslation();
  if (merchant.id === PLATFORM_MERCHANT_ID) return null;
  const href = paths.shop.getHref({ id: merchant.id });
  return (
    <p className="goods-sold-by">
      <a
        href={`${BASENAME}${href}`}
        onClick={(e) => {
          e.preventDefault();
          openPage(href);
        }}
      >
        {t('merchant.sold-by', { name: merchant.name })} ›
      </a>
    </p>
  );
}
