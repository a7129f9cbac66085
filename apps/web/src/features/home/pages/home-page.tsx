import { ProductList } from '../components/product-list';
import { LatestPosts } from '@/components/blog/latest-posts';
import { CouponStrip } from '@/components/coupon-strip';
import { useEffect } from 'react';
import { useSearchParams } from '@/lib/router';
import { BrandHeader } from '@/components/brand-header';
import { showLanguage, useLanguage, useTranslation } from '@/i18n';
import { EmptyState, QueryState, type QueryView } from '@/components/page-states';
import { useHomeContent } from '../api/get-home-content';
import { HomeBanners, HomeNotice, HomeSection, HomeShortcuts } from '../components/home-sections';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { productListQuery } from '@/features/catalogue/api/list-products';
import { DestinationSearch } from '@/components/destination-search';
import { ToolsEntry } from '@/components/tools-entry';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { HydratedApart } from '@/components/hydrated-apart';
import { useCurrency } from '@/lib/currency';

/**
 * The destination search over the catalogue (the same list "All products" shows). Its own
 * component, so the catalogue arriving redraws the search and not the whole home page.
 */
function HomeDestinationSearch() {
  const language = useLanguage();
  const currency = useCurrency();
  // Drawn once home's catalogue query has answered, failed too: not asked again on appearing. A
  // failed query without data is pending again while asked, home's body waits for it and removes
  // this, and it would appear and ask for ever (home stuck on loading when every request is refused).
  const products = useQuery({ ...productListQuery(undefined, language, currency), retryOnMount: false });
  return products.data ? <DestinationSearch products={products.data.items} /> : null;
}

/** Home (SPEC §2): the cached `home` content block in the current language, pull to refresh. */
export function HomePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The console's preview: its token names the draft, `lang` the language it is written in.
  const preview = params.get('preview') ?? undefined;
  const previewLang = params.get('lang');
  const language = useLanguage();
  const currency = useCurrency();
  useEffect(() => {
    // Shown in the draft's language without remembering it: the visitor's own choice stays.
    if (preview && (previewLang === 'en' || previewLang === 'zh-Hans') && previewLang !== language) void showLanguage(previewLang);
  }, [preview, previewLang, language]);
  const home = useHomeContent(preview);
  // The destination search above the banners needs the catalogue: the body waits for both (asked
  // for together), so the search never appears later and pushes the banners down (a layout
  // shift of 0.45 in a third of Lighthouse runs, whichever answer came first). Only isPending is
  // read, so the catalogue arriving redraws the page once at most.
  const catalogue = useQuery(productListQuery(undefined, language, currency));
  const pending = home.isPending || catalogue.isPending;
  const queryClient = useQueryClient();
  const content = home.data;
  const isEmpty = content !== undefined && content.banners.length === 0 && content.shortcuts.length === 0 && content.sections.length === 0 && !content.notice;
  // Home's content, shown once the catalogue has answered too; a failed refresh keeps what was shown.
  // The retry asks for both: what shows the catalogue does not ask again by itself after a failure.
  const shown: QueryView<NonNullable<typeof content>> = { isPending: pending, isError: home.isError, data: content, refetch: () => Promise.all([home.refetch(), catalogue.refetch()]) };

  return (
    <div className="page page--home">
      <BrandHeader title={content?.title || t('app.title')} />
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([home.refetch(), queryClient.refetchQueries({ queryKey: productListQuery(undefined, language, currency).queryKey })]);
        }}
      >
        <main className="page-body home-body">
          {!pending && <HomeDestinationSearch />}
          <QueryState query={shown} rows={4} keepDataOnError isEmpty={() => isEmpty} empty={<EmptyState description={t('common.empty.desc')} />}>
            {(c) => (
              <>
                {c.notice && <HomeNotice notice={c.notice} />}
                <HomeBanners banners={c.banners} />
                <HomeShortcuts shortcuts={c.shortcuts} />
              </>
            )}
          </QueryState>
          {/* Below the fold (the owner's sections first): in the page from the start, so the server
              draws it, find-in-page and assistive tools find it; its pictures load as it nears. */}
          {!pending && (
            <>
              {(content && !isEmpty ? content.sections : []).map((section, i) => (
                <HydratedApart key={`${section.title}-${i}`}>
                  <HomeSection section={section} />
                </HydratedApart>
              ))}
              <HydratedApart>
                <ToolsEntry />
                <CouponStrip />
              </HydratedApart>
              <HydratedApart>
                <ProductList />
              </HydratedApart>
              <HydratedApart>
                <LatestPosts />
              </HydratedApart>
            </>
          )}
        </main>
      </PullToRefresh>
    </div>
  );
}
