import { Grid, NoticeBar } from 'antd-mobile';
import { Picture } from '@/components/picture';
import {
  AppstoreOutline,
  CompassOutline,
  FileOutline,
  GiftOutline,
  GlobalOutline,
  MessageOutline,
  PhonebookOutline,
  QuestionCircleOutline,
  ScanCodeOutline,
  SearchOutline,
  ShopbagOutline,
  TravelOutline,
  TruckOutline,
  UserOutline,
} from 'antd-mobile-icons';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { HOME_BANNER_RATIO, HOME_BANNER_SIZES, type HomeContent } from '@simshop/contract';
import { Carousel } from '@/components/carousel';
import { imageUrl } from '@/lib/images';
import { openLink } from '@/lib/open-page';

/** Named shortcut icons a content editor can use without uploading an image. */
const NAMED_ICONS: Record<string, ReactNode> = {
  esim: <ScanCodeOutline />,
  sim: <PhonebookOutline />,
  search: <SearchOutline />,
  tutorial: <FileOutline />,
  contact: <MessageOutline />,
  help: <QuestionCircleOutline />,
  travel: <TravelOutline />,
  global: <GlobalOutline />,
  shop: <ShopbagOutline />,
  gift: <GiftOutline />,
  delivery: <TruckOutline />,
  user: <UserOutline />,
  explore: <CompassOutline />,
};

function ShortcutIcon({ icon }: { icon: string }) {
  const named = NAMED_ICONS[icon.toLowerCase()];
  if (named) return <span className="shortcut-icon">{named}</span>;
  // Anything with a folder, a path or an extension is an image string.
  if (/[:/.]/.test(icon)) return <Picture className="shortcut-icon shortcut-icon--image" src={imageUrl(icon)} width={44} height={44} fit="contain" />;
  return (
    <span className="shortcut-icon">
      <AppstoreOutline />
    </span>
  );
}

/** Opens a link when activated by click or keyboard, so cards are usable without a pointer. */
function linkProps(link: unknown | undefined) {
  if (!link) return {};
  return {
    role: 'link' as const,
    tabIndex: 0,
    onClick: () => openLink(link),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        openLink(link);
      }
    },
  };
}

export function HomeNotice({ notice }: { notice: string }) {
  return <NoticeBar className="home-notice" content={notice} color="alert" wrap />;
}

export function HomeBanners({ banners }: { banners: HomeContent['banners'] }) {
  const { t } = useTranslation();
  if (banners.length === 0) return null;
  return (
    // The wrapper carries the margins: the carousel itself is always 100% wide.
    <div className="home-banners">
      <Carousel
        label={t('home.banners')}
        intervalMs={5000}
        slides={banners.map((banner, i) => (
          <div key={`${banner.title}-${i}`} className="banner" {...linkProps(banner.link)}>
            <Picture className="banner-image" src={imageUrl(banner.image, HOME_BANNER_RATIO)} sizes={HOME_BANNER_SIZES} alt="" priority={i === 0} lazy={i > 0} />
            <div className="banner-text">
              <div className="banner-title">{banner.title}</div>
              {banner.subtitle && <div className="banner-subtitle">{banner.subtitle}</div>}
            </div>
          </div>
        ))}
      />
    </div>
  );
}

export function HomeShortcuts({ shortcuts }: { shortcuts: HomeContent['shortcuts'] }) {
  if (shortcuts.length === 0) return null;
  return (
    <section className="card home-shortcuts">
      <Grid columns={4} gap={8}>
        {shortcuts.map((s, i) => (
          <Grid.Item key={`${s.title}-${i}`}>
            <div className="shortcut" {...linkProps(s.link)}>
              <ShortcutIcon icon={s.icon} />
              <span className="shortcut-title">{s.title}</span>
            </div>
          </Grid.Item>
        ))}
      </Grid>
    </section>
  );
}

export function HomeSection({ section }: { section: HomeContent['sections'][number] }) {
  return (
    <section className="card home-section">
      <h2 className="card-title">{section.title}</h2>
      <ul className="product-list">
        {section.items.map((item, i) => (
          // The link sits inside the list item: a list item that is itself a link is no longer a list item (axe).
          <li key={`${item.title}-${i}`} className="product-item">
            <div className={item.link ? 'product product--link' : 'product'} {...linkProps(item.link)}>
              {item.image && <Picture className="product-image" src={imageUrl(item.image)} width={96} height={64} fit="contain" alt="" lazy />}
              <div className="product-text">
                <div className="product-title">{item.title}</div>
                {item.description && <div className="product-description">{item.description}</div>}
              </div>
              {item.price && <div className="product-price">{item.price}</div>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
