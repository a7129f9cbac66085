import type { WeeklyHours } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import * as stores from './store.repository.ts';

const every = (open: string, close: string): WeeklyHours => Array.from({ length: 7 }, () => [{ open, close }]);

/**
 * Three demo stores, added once (when there are none): an airport desk open around the clock,
 * a city shop closed on Sundays, and a Beijing shop open late on Friday and Saturday nights.
 */
export async function seedDemoStores(tx: Executor, now: number): Promise<void> {
  if ((await stores.countAll(tx)) > 0) return;
  const common = { phone: '', active: 1, created_at: now, updated_at: now };
  const city = (open: string, close: string) => Array.from({ length: 6 }, () => [{ open, close }]);
  const demo = [
    {
      name_en: 'SimShop Pudong Airport T2', name_zh: 'SimShop 浦东机场 T2 店',
      address_en: 'Arrivals hall, Terminal 2, Pudong International Airport', address_zh: '浦东国际机场 2 号航站楼到达大厅',
      city_en: 'Shanghai', city_zh: '上海', phone: '+86 21 6834 1000', time_zone: 'Asia/Shanghai',
      hours: every('00:00', '24:00'), lat: 31.1512, lng: 121.8053, services: ['sim_sales', 'esim_help', 'parcel_pickup'], sort: 1,
    },
    {
      name_en: "SimShop People's Square", name_zh: 'SimShop 人民广场店',
      address_en: "120 Nanjing West Road, Huangpu District", address_zh: '黄浦区南京西路 120 号',
      city_en: 'Shanghai', city_zh: '上海', phone: '+86 21 6358 2000', time_zone: 'Asia/Shanghai',
      hours: [...city('10:00', '21:00'), []], lat: 31.2336, lng: 121.4707, services: ['sim_sales', 'esim_help', 'parcel_pickup'], sort: 2,
    },
    {
      name_en: 'SimShop Sanlitun', name_zh: 'SimShop 三里屯店',
      address_en: '19 Sanlitun Road, Chaoyang District', address_zh: '朝阳区三里屯路 19 号',
      city_en: 'Beijing', city_zh: '北京', phone: '+86 10 6417 3000', time_zone: 'Asia/Shanghai',
      hours: [[{ open: '10:00', close: '22:00' }], [{ open: '10:00', close: '22:00' }], [{ open: '10:00', close: '22:00' }], [{ open: '10:00', close: '22:00' }], [{ open: '10:00', close: '02:00' }], [{ open: '10:00', close: '02:00' }], [{ open: '11:00', close: '20:00' }]],
      lat: 39.9365, lng: 116.4477, services: ['sim_sales', 'esim_help'], sort: 3,
    },
  ];
  for (const s of demo) await stores.insertReturning(tx, { ...common, ...s, hours: JSON.stringify(s.hours), services: JSON.stringify(s.services) });
}
