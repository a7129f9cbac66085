import type { Executor } from '../../db/database.ts';
import * as posts from './blog.repository.ts';


const DAY = 86_400_000;

const DEMO_POSTS = [
  {
    slug: 'tokyo-first-day-online',
    category: 'travel',
    cover: 'blog:travel.webp',
    tags: ['Japan', 'eSIM'],
    productKeys: ['asia-esim', 'global-esim'],
    daysAgo: 2,
    title: { en: 'Online from the moment you land in Tokyo', zh: '落地东京，即刻上网' },
    summary: {
      en: 'Install an Asia eSIM before you fly and switch it on at the gate: maps, trains and messages work before you reach passport control.',
      zh: '出发前安装亚洲 eSIM，落地即开：还没过边检，地图、电车和消息就已经能用了。',
    },
    body: {
      en: '## Before you fly\n1. Check that your phone supports eSIM and is unlocked.\n2. Buy the Asia eSIM and install it on Wi-Fi at home.\n3. Leave the new line switched off until you land.\n\n## When you land\nTurn on the eSIM line and data roaming for it. Your own SIM can stay on for calls and texts.\n\n## Good to know\n- Trains and maps use little data; video calls use the most.\n- Top up from the same order page if you stay longer.',
      zh: '## 出发前\n1. 确认手机支持 eSIM 且未锁网。\n2. 购买亚洲 eSIM，在家用 Wi-Fi 安装好。\n3. 新号码先保持关闭，落地再开。\n\n## 落地后\n打开 eSIM 线路并为它开启数据漫游。原来的 SIM 卡可以继续接打电话、收短信。\n\n## 小贴士\n- 电车和地图很省流量，视频通话最耗流量。\n- 多待几天？在同一个订单页续费即可。',
    },
  },
  {
    slug: 'esim-or-sim-card',
    category: 'guides',
    cover: 'blog:guide.webp',
    tags: ['eSIM', 'SIM'],
    productKeys: ['china-unicom-sim', 'asia-esim'],
    daysAgo: 6,
    title: { en: 'eSIM or SIM card: which one suits your trip?', zh: 'eSIM 还是实体卡：哪种更适合您的旅行？' },
    summary: {
      en: 'An eSIM arrives in seconds and needs no tray; a SIM card works in any unlocked phone and can be collected at our stores.',
      zh: 'eSIM 几秒即到、无需卡槽；实体卡适用于任何未锁网手机，还可以到门店自提。',
    },
    body: {
      en: '## Choose an eSIM when\n- your phone supports eSIM (most phones from 2019 on do);\n- you want to be online before you leave home.\n\n## Choose a SIM card when\n- your phone has no eSIM, or you want to move the line to another phone;\n- you would like to collect it at one of our stores on the way.\n\nBoth come with the same data and the same help from us.',
      zh: '## 选择 eSIM，如果\n- 您的手机支持 eSIM（2019 年后的大多数手机都支持）；\n- 您希望出门前就能上网。\n\n## 选择实体卡，如果\n- 您的手机不支持 eSIM，或者想把号码换到另一部手机；\n- 您想顺路到我们的门店自提。\n\n两者流量相同，我们的帮助也一样。',
    },
  },
  {
    slug: 'collect-at-our-stores',
    category: 'news',
    cover: 'blog:store.webp',
    tags: ['Stores', 'Pickup'],
    productKeys: ['china-unicom-sim'],
    daysAgo: 10,
    title: { en: 'Collect your SIM card at our stores', zh: '到门店自提您的 SIM 卡' },
    summary: {
      en: 'Order a SIM card online, choose a store at checkout and pick it up when we tell you it is ready: no shipping fee.',
      zh: '在线下单实体卡，结算时选择门店，收到备货通知后到店领取：免运费。',
    },
    body: {
      en: '## How it works\n1. Put a SIM card in your cart.\n2. At checkout choose "Pick up at a store" and the store nearest to you.\n3. We tell you when it is ready; bring your order number.\n\nOur stores also help with installing an eSIM on your phone.',
      zh: '## 如何自提\n1. 将实体卡加入购物车。\n2. 结算时选择“到店自提”以及离您最近的门店。\n3. 备好后我们会通知您；到店时出示订单号即可。\n\n门店也可以帮您在手机上安装 eSIM。',
    },
  },
] as const;

/** Three demo posts in both languages, added once (checked by slug). */
export async function seedDemoBlog(tx: Executor, now: number): Promise<void> {
  for (const p of DEMO_POSTS) {
    if (await posts.findBySlug(tx, p.slug)) continue;
    await posts.insertReturning(tx, {
      slug: p.slug,
      title_en: p.title.en,
      title_zh: p.title.zh,
      summary_en: p.summary.en,
      summary_zh: p.summary.zh,
      body_en: p.body.en,
      body_zh: p.body.zh,
      cover: p.cover,
      category: p.category,
      tags: JSON.stringify(p.tags),
      product_keys: JSON.stringify(p.productKeys),
      published: 1,
      published_at: now - p.daysAgo * DAY,
      created_at: now,
      updated_at: now,
    });
  }
}
