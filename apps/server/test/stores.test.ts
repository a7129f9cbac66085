import { serverErrors, type AdminActionName } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
});

const admin = <A extends AdminActionName<'adminStore'>>(action: A, body: Record<string, unknown>, token = owner) => t.call('adminStore', action, body, { token, ip: '192.0.2.15' });
const week = (open: string, close: string) => Array.from({ length: 7 }, () => [{ open, close }]);
const fields = (over: Record<string, unknown> = {}) => ({
  name: { en: 'Test store', zh: '测试门店' },
  address: { en: '1 Test Road', zh: '测试路 1 号' },
  city: { en: 'Hangzhou', zh: '杭州' },
  phone: '+86 571 0000 0000',
  timeZone: 'Asia/Shanghai',
  hours: week('09:00', '18:00'),
  lat: 30.2741,
  lng: 120.1551,
  services: ['sim_sales', 'parcel_pickup'],
  ...over,
});
const storeRows = async () => Number((await t.db.selectFrom('stores').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('the shop\'s stores', () => {
  it('lists the open demo stores in both languages with hours, time zone, coordinates and services', async () => {
    const en = (await t.call('store', 'list', { i18n: 'en' })).body.data!;
    expect(en.items.map((s) => s.name)).toEqual(['SimShop Pudong Airport T2', "SimShop People's Square", 'SimShop Sanlitun']);
    expect(en.items[0]).toMatchObject({ city: 'Shanghai', timeZone: 'Asia/Shanghai', lat: 31.1512, lng: 121.8053, services: ['sim_sales', 'esim_help', 'parcel_pickup'] });
    expect(en.items[0]!.hours).toHaveLength(7);
    const zh = (await t.call('store', 'list', { i18n: 'zh-Hans' })).body.data!;
    expect(zh.items[2]).toMatchObject({ name: 'SimShop 三里屯店', city: '北京' });
    const pickup = (await t.call('store', 'list', { pickup: true })).body.data!;
    expect(pickup.items.map((s) => s.city)).toEqual(['Shanghai', 'Shanghai']);
    const one = (await t.call('store', 'detail', { id: en.items[2]!.id, i18n: 'en' })).body.data!;
    expect(one.hours[4]).toEqual([{ open: '10:00', close: '02:00' }]);
    expect((await t.call('store', 'detail', { id: 999_999 })).body).toMatchObject({ code: serverErrors.storeNotFound.code, field: 'id' });
  });
});

describe('the console\'s stores', () => {
  it('adds a store, edits it from the version read, closes and reopens it, each audited', async () => {
    const created = (await admin('create', fields())).body;
    expect(created.code, JSON.stringify(created)).toBe(0);
    const store = created.data!;
    expect(store).toMatchObject({ active: true, version: 1, services: ['sim_sales', 'parcel_pickup'] });
    expect((await t.call('store', 'list', {})).body.data!.items.some((s) => s.id === store.id)).toBe(true);

    const edited = (await admin('update', { id: store.id, version: 1, ...fields({ phone: '+86 571 1111 1111', hours: [...week('09:00', '18:00').slice(0, 6), []] }) })).body.data!;
    expect(edited).toMatchObject({ version: 2, phone: '+86 571 1111 1111' });
    expect(edited.hours[6]).toEqual([]);
    expect((await admin('update', { id: store.id, version: 1, ...fields() })).body).toMatchObject({ code: serverErrors.changedBySomeoneElse.code, field: 'version' });

    const closed = (await admin('set_active', { id: store.id, version: 2, active: false })).body.data!;
    expect(closed.active).toBe(false);
    expect((await t.call('store', 'list', {})).body.data!.items.some((s) => s.id === store.id)).toBe(false);
    expect((await t.call('store', 'detail', { id: store.id })).body.code).toBe(serverErrors.storeNotFound.code);
    expect((await admin('set_active', { id: store.id, version: 3, active: false })).body.code).toBe(serverErrors.nothingChanged.code);
    expect((await admin('set_active', { id: store.id, version: 3, active: true })).body.data!.active).toBe(true);

    const audit = await t.auditOf('store', store.id);
    expect(audit.map((a) => a.action)).toEqual(['store.create', 'store.update', 'store.close', 'store.reopen']);
    expect(JSON.parse(audit[1]!.after_json!)).toEqual({ phone: '+86 571 1111 1111', hours: edited.hours });
    expect(audit[1]!.actor).toBe('owner@simshop.local');
  });

  it('refuses bad input with its catalogue error and writes nothing', async () => {
    const n = await storeRows();
    const cases: Array<[Record<string, unknown>, { code: number }, string]> = [
      [{ timeZone: 'Mars/Olympus' }, serverErrors.paramInvalid, 'timeZone'],
      [{ hours: week('09:00', '18:00').slice(0, 6) }, serverErrors.paramInvalid, 'hours'],
      [{ hours: week('9:00', '18:00') }, serverErrors.paramInvalid, 'hours.0.0.open'],
      [{ hours: week('09:00', '24:30') }, serverErrors.paramInvalid, 'hours.0.0.close'],
      [{ hours: [[{ open: '09:00', close: '13:00' }, { open: '12:00', close: '18:00' }], [], [], [], [], [], []] }, serverErrors.storeHoursOverlap, 'hours.0'],
      [{ lat: 91 }, serverErrors.paramInvalid, 'lat'],
      [{ services: [] }, serverErrors.paramInvalid, 'services'],
      [{ services: ['haircuts'] }, serverErrors.paramInvalid, 'services.0'],
      [{ phone: 'call us' }, serverErrors.paramInvalid, 'phone'],
      [{ name: { en: 'Only English', zh: '' } }, serverErrors.paramInvalid, 'name.zh'],
    ];
    for (const [over, error, field] of cases) {
      const res = await admin('create', fields(over));
      expect(res.body.code, JSON.stringify([over, res.body])).toBe(error.code);
      expect(res.body.field).toBe(field);
    }
    // Overnight hours are fine: 18:00 to 02:00 ends the next morning.
    expect((await admin('create', fields({ hours: [[{ open: '10:00', close: '14:00' }, { open: '18:00', close: '02:00' }], [], [], [], [], [], []] }))).body.code).toBe(0);
    expect(await storeRows()).toBe(n + 1);
    expect((await admin('detail', { id: 999_999 })).body.code).toBe(serverErrors.notFound.code);
  });

  it('lets support read but not write, and finance neither', async () => {
    const support = (await t.staffSignIn('support')).token;
    const finance = (await t.staffSignIn('finance')).token;
    const list = (await admin('list', { q: 'beijing' }, support)).body.data!;
    expect(list.items.map((s) => s.name.en)).toEqual(['SimShop Sanlitun']);
    const id = list.items[0]!.id;
    for (const [action, body] of [
      ['create', fields()],
      ['update', { id, version: 1, ...fields() }],
      ['set_active', { id, version: 1, active: false }],
    ] as const) {
      expect((await admin(action, body, support)).body.code).toBe(serverErrors.permissionDenied.code);
    }
    expect((await admin('list', {}, finance)).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await t.call('adminStore', 'list', {})).body.code).not.toBe(0);
    expect((await admin('detail', { id })).body.data).toMatchObject({ version: 1, active: true });
  });
});

describe('store pickup of SIM card orders', () => {
  const simLine = async (quantity = 1) => [{ skuId: (await t.sku('SIM-CU-30')).id, quantity, inputs: { paperCard: 'with_card' } }];
  const storeId = async (name: string) => (await t.db.selectFrom('stores').select('id').where('name_en', '=', name).executeTakeFirstOrThrow()).id;
  const ordersOf = async (userId: number) => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
  const adminOrder = (action: 'pickup_ready' | 'pickup_done' | 'ship' | 'detail', body: Record<string, unknown>, token = owner) => t.call('adminOrder', action, body, { token, ip: '192.0.2.16' });

  it('prices a pickup without freight or address, and says a SIM order may be picked up', async () => {
    const { token } = await t.signIn();
    const items = await simLine(2);
    const delivered = (await t.call('order', 'preview', { items }, { token })).body.data!;
    expect(delivered).toMatchObject({ freight: 1200, needsAddress: true, canPickUp: true, total: 13000 });
    const pickup = (await t.call('order', 'preview', { items, pickupStoreId: await storeId('SimShop Pudong Airport T2') }, { token })).body.data!;
    expect(pickup).toMatchObject({ freight: 0, needsAddress: false, canPickUp: true, total: 11800 });
    const esim = (await t.call('order', 'preview', { items: [{ skuId: (await t.sku('ESIM-ASIA-10-30')).id, quantity: 1, inputs: {} }] }, { token })).body.data!;
    expect(esim.canPickUp).toBe(false);
  });

  it('refuses a pickup that cannot be, writing nothing', async () => {
    const user = await t.signIn();
    const items = await simLine();
    const closed = (await admin('create', fields({ name: { en: 'Closed pickup store', zh: '已关闭门店' } }))).body.data!;
    await admin('set_active', { id: closed.id, version: 1, active: false });
    const cases: Array<[Record<string, unknown>, { code: number }]> = [
      [{ items, pickupStoreId: await storeId('SimShop Sanlitun') }, serverErrors.pickupStoreUnavailable],
      [{ items, pickupStoreId: closed.id }, serverErrors.storeNotFound],
      [{ items, pickupStoreId: 999_999 }, serverErrors.storeNotFound],
      [{ items, pickupStoreId: 2 ** 40 }, serverErrors.paramInvalid],
      [{ items: [{ skuId: (await t.sku('ESIM-ASIA-10-30')).id, quantity: 1, inputs: {} }], pickupStoreId: await storeId('SimShop Pudong Airport T2') }, serverErrors.pickupNothingToCollect],
    ];
    for (const [body, error] of cases) {
      const res = await t.call('order', 'create', body, { token: user.token });
      expect(res.body.code, JSON.stringify([body, res.body])).toBe(error.code);
      expect(res.body.field).toBe('pickupStoreId');
    }
    expect(await ordersOf(user.userId)).toBe(0);
  });

  it('collects at the store: the order shows it, the owner marks it ready (the customer is told) and picked up, each audited', async () => {
    const user = await t.signIn();
    const pudong = await storeId('SimShop Pudong Airport T2');
    const created = await t.call('order', 'create', { items: await simLine(), pickupStoreId: pudong, i18n: 'zh-Hans' }, { token: user.token });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    const order = created.body.data!;
    expect(order).toMatchObject({ freight: 0, address: null, physical: true, pickupStore: { id: pudong, name: 'SimShop 浦东机场 T2 店', city: '上海' } });
    expect(order.actions).not.toContain('modify_address');

    // Not paid yet: nothing to put out.
    expect((await adminOrder('pickup_ready', { orderNo: order.orderNo })).body.code).toBe(serverErrors.orderStatusConflict.code);
    await t.paySandbox(user.token, order.orderNo);
    const paid = (await adminOrder('detail', { orderNo: order.orderNo })).body.data!;
    expect(paid).toMatchObject({ status: 'paid', pickupStore: { id: pudong, name: { en: 'SimShop Pudong Airport T2' } } });
    expect(paid.actions).toEqual(expect.arrayContaining(['pickup_ready']));
    expect(paid.actions).not.toContain('ship');
    expect((await adminOrder('ship', { orderNo: order.orderNo, carrier: 'sf', trackingNo: 'SF1234567890' })).body.code).toBe(serverErrors.orderStatusConflict.code);
    expect((await adminOrder('pickup_done', { orderNo: order.orderNo })).body.code).toBe(serverErrors.orderStatusConflict.code);

    const operator = (await t.staffSignIn('operator')).token;
    const ready = (await adminOrder('pickup_ready', { orderNo: order.orderNo }, operator)).body.data!;
    expect(ready).toMatchObject({ status: 'ready_for_pickup', actions: expect.arrayContaining(['pickup_done']) });
    const seen = (await t.call('order', 'detail', { orderNo: order.orderNo }, { token: user.token })).body.data!;
    expect(seen.status).toBe('ready_for_pickup');
    const told = (await t.call('message', 'list', {}, { token: user.token })).body.data!;
    expect(told.items.at(-1)).toMatchObject({ from: 'shop' });
    expect(told.items.at(-1)!.content).toContain(order.orderNo);
    expect(told.items.at(-1)!.content).toContain('SimShop Pudong Airport T2');
    expect((await t.call('message', 'unread', {}, { token: user.token })).body.data!.unread).toBeGreaterThanOrEqual(1);
    expect((await adminOrder('pickup_ready', { orderNo: order.orderNo })).body.code).toBe(serverErrors.orderStatusConflict.code);

    const collected = (await adminOrder('pickup_done', { orderNo: order.orderNo })).body.data!;
    expect(collected.status).toBe('received');
    expect(collected.receivedAt).not.toBeNull();
    const audit = await t.auditOf('order', order.orderNo);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['order.pickup_ready', 'order.pickup_done']));
    expect(JSON.parse(audit.find((a) => a.action === 'order.pickup_ready')!.after_json!)).toMatchObject({ status: 'ready_for_pickup', pickupStoreId: pudong });
  });

  it('lists a pickup as one, in the store pickups and not in the parcels to ship (nor in the dashboard\'s count of them)', async () => {
    const user = await t.signIn();
    const addressId = (await t.call('address', 'save', { name: 'Li Lei', company: '', tel: '+852 9123 4567', email: '', country: 'Hong Kong', province: 'HK', city: 'Central', district: '', postCode: '', detail: '1 Queen\'s Road', defaultAddr: false }, { token: user.token })).body.data!.id;
    const parcel = (await t.call('order', 'create', { items: await simLine(), addressId }, { token: user.token })).body.data!;
    const pickup = (await t.call('order', 'create', { items: await simLine(), pickupStoreId: await storeId('SimShop Pudong Airport T2') }, { token: user.token })).body.data!;
    await t.paySandbox(user.token, parcel.orderNo);
    await t.paySandbox(user.token, pickup.orderNo);
    const { email } = await t.db.selectFrom('users').select('email').where('id', '=', user.userId).executeTakeFirstOrThrow();
    const mine = { customer: email!, pageSize: 50 };
    const list = (body: Record<string, unknown>) => t.call('adminOrder', 'list', body, { token: owner });
    const rows = (await list(mine)).body.data!.items;
    expect(rows.find((r) => r.orderNo === pickup.orderNo)).toMatchObject({ status: 'paid', physical: true, pickup: true });
    expect(rows.find((r) => r.orderNo === parcel.orderNo)).toMatchObject({ status: 'paid', physical: true, pickup: false });
    const toShip = (await list({ ...mine, status: ['paid', 'partial_shipped'], kind: 'sim', delivery: 'ship' })).body.data!;
    expect(toShip.items.map((r) => r.orderNo)).toEqual([parcel.orderNo]);
    expect(toShip.total).toBe(1);
    const pickups = (await list({ ...mine, status: ['paid', 'ready_for_pickup'], delivery: 'pickup' })).body.data!;
    expect(pickups.items.map((r) => r.orderNo)).toEqual([pickup.orderNo]);
    expect((await list({ delivery: 'courier' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'delivery' });

    // The dashboard counts the parcels only; shipping the one parcel leaves none of this customer's to ship.
    const summary = async () => (await t.call('adminDashboard', 'summary', {}, { token: owner })).body.data!.toShip;
    const before = await summary();
    await adminOrder('ship', { orderNo: parcel.orderNo, carrier: 'sf', trackingNo: 'SF1234567890' });
    expect(await summary()).toBe(before - 1);
  });

  it('lets a customer ask for a refund while the order waits at the store', async () => {
    const user = await t.signIn();
    const order = (await t.call('order', 'create', { items: await simLine(), pickupStoreId: await storeId("SimShop People's Square") }, { token: user.token })).body.data!;
    await t.paySandbox(user.token, order.orderNo);
    await adminOrder('pickup_ready', { orderNo: order.orderNo });
    const refund = await t.call('order', 'refund', { orderNo: order.orderNo, reason: 'no_longer_needed' }, { token: user.token });
    expect(refund.body.data!.status).toBe('to_be_refunded');
  });

  it('refuses pickup steps on a delivered order, to support, and to another customer', async () => {
    const user = await t.signIn();
    const addressId = (await t.call('address', 'save', { name: 'Li Lei', company: '', tel: '+852 9123 4567', email: '', country: 'Hong Kong', province: 'HK', city: 'Central', district: '', postCode: '', detail: '1 Queen\'s Road', defaultAddr: false }, { token: user.token })).body.data!.id;
    const delivery = (await t.call('order', 'create', { items: await simLine(), addressId }, { token: user.token })).body.data!;
    await t.paySandbox(user.token, delivery.orderNo);
    expect((await adminOrder('pickup_ready', { orderNo: delivery.orderNo })).body).toMatchObject({ code: serverErrors.pickupNotPickup.code, field: 'orderNo' });
    expect((await adminOrder('detail', { orderNo: delivery.orderNo })).body.data!.pickupStore).toBeNull();

    const pickup = (await t.call('order', 'create', { items: await simLine(), pickupStoreId: await storeId('SimShop Pudong Airport T2') }, { token: user.token })).body.data!;
    await t.paySandbox(user.token, pickup.orderNo);
    const support = (await t.staffSignIn('support')).token;
    expect((await adminOrder('pickup_ready', { orderNo: pickup.orderNo }, support)).body.code).toBe(serverErrors.permissionDenied.code);
    const other = await t.signIn();
    expect((await t.call('order', 'detail', { orderNo: pickup.orderNo }, { token: other.token })).body.code).toBe(serverErrors.orderNotFound.code);
    expect((await adminOrder('detail', { orderNo: pickup.orderNo })).body.data!.status).toBe('paid');
  });
});
