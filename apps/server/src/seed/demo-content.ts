import type { HomeContentSource, Language } from '@simshop/contract';

/** A text of the demo home page: English, then Chinese. */
type Texts = readonly [en: string, zh: string];
type Link = HomeContentSource['banners'][number]['link'];

const MY_ESIMS: Link = { type: 'inner', page: '/pages/mine/esim/esim' };
const ESIM_SEARCH: Link = { type: 'inner', page: '/pages/common/esim-search' };
const TUTORIALS: Link = { type: 'inner', page: '/pages/mine/tutorial/tutorial' };
const CONTACT: Link = { type: 'inner', page: '/pages/mine/contact/contact' };
const product = (key: string): Link => ({ type: 'product', key });

/**
 * The demo home page, once for both languages: the pictures, prices and links are the same, only
 * the texts differ. Products are linked by their stable key, never by id: ids depend on what else
 * the database holds (the hidden balance top-ups come first).
 */
const home = {
  title: ['SimShop', 'SimShop 电话卡商城'],
  notice: ['Travel eSIMs are delivered instantly after payment. Customer service: Mon–Sat 11:00–19:00.', '旅行eSIM付款后即时发放。客服时间：周一至周六 11:00–19:00。'],
  banners: [
    { image: 'demo:banner-esim.webp', title: ['Travel eSIM', '旅行eSIM'], subtitle: ['Install in one tap, no SIM tray needed', '一键安装，无需卡槽'], link: product('asia-esim') },
    { image: 'demo:banner-sim.webp', title: ['Prepaid SIM cards', '预付费电话卡'], subtitle: ['Shipped to your door', '快递送货上门'], link: product('china-unicom-sim') },
  ],
  shortcuts: [
    { icon: 'esim', title: ['My eSIMs', '我的eSIM'], link: MY_ESIMS },
    { icon: 'search', title: ['eSIM search', 'eSIM查询'], link: ESIM_SEARCH },
    { icon: 'tutorial', title: ['Tutorials', '使用教程'], link: TUTORIALS },
    { icon: 'contact', title: ['Contact us', '联系我们'], link: CONTACT },
  ],
  sections: [
    {
      title: ['Popular', '热门商品'],
      items: [
        { title: ['Asia 10 GB eSIM, 30 days', '亚洲10GB eSIM，30天'], description: ['Hong Kong, Japan, Korea, Singapore, Thailand', '香港、日本、韩国、新加坡、泰国'], image: 'demo:esim-asia.webp', price: '$19.99', link: product('asia-esim') },
        { title: ['China Unicom prepaid SIM', '中国联通预付费电话卡'], description: ['Physical card, shipped by SF Express', '实体卡，顺丰发货'], image: 'demo:sim-card.webp', price: '¥59.00', link: product('china-unicom-sim') },
        { title: ['Data recharge 5 GB', '流量充值 5GB'], description: ['Top up a SIM you already have', '为已有电话卡充值'], image: 'demo:recharge.webp', price: '$9.90', link: product('data-recharge') },
      ],
    },
    {
      title: ['Help', '帮助'],
      items: [
        { title: ['How to install an eSIM', '如何安装eSIM'], description: ['iPhone and Android, step by step', 'iPhone与安卓分步说明'], link: TUTORIALS },
        { title: ['Check your phone supports eSIM', '查询手机是否支持eSIM'], description: ['Open the eSIM search', '打开eSIM查询'], link: ESIM_SEARCH },
      ],
    },
  ],
} satisfies {
  title: Texts;
  notice: Texts;
  banners: Array<{ image: string; title: Texts; subtitle: Texts; link: Link }>;
  shortcuts: Array<{ icon: string; title: Texts; link: Link }>;
  sections: Array<{ title: Texts; items: Array<{ title: Texts; description: Texts; image?: string; price?: string; link: Link }> }>;
};

function homeIn(i: 0 | 1): HomeContentSource {
  return {
    title: home.title[i],
    notice: home.notice[i],
    banners: home.banners.map((b) => ({ image: b.image, title: b.title[i], subtitle: b.subtitle[i], link: b.link })),
    shortcuts: home.shortcuts.map((s) => ({ icon: s.icon, title: s.title[i], link: s.link })),
    sections: home.sections.map((s) => ({
      title: s.title[i],
      items: s.items.map((item) => ({ title: item.title[i], description: item.description[i], ...('image' in item ? { image: item.image, price: item.price } : {}), link: item.link })),
    })),
  };
}

export const demoHome: Record<Language, HomeContentSource> = { en: homeIn(0), 'zh-Hans': homeIn(1) };
