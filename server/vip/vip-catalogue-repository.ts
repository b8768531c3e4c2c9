import type { Queryable } from '../db/database.ts';
import type { PayTypeView, PromotionView } from '../../src/core/vip/vip-protocol.ts';

/** The VIP shop as stored: categories, packages on sale, promotions, pay types by region, closed regions, customer service. */

export interface CategoryRow {
  id: number;
  name: string;
  style_type: number;
  vip_level: number;
  vip_type_name: string;
  grant_category_id: number | null;
}

export interface PackageRow {
  id: number;
  category_id: number;
  name: string;
  validity_days: number;
  gift_days: number;
  price_cents: number;
  rmb_fen: number;
  disprice_cents: number | null;
  disrmb_fen: number | null;
  type: number;
  bargain: boolean;
  menber_count: number;
  tags: string[];
  /** The gift the package ships ('' none): its orders need a delivery address. */
  gift_item: string;
}

const PACKAGE_COLUMNS = `id, category_id, name, validity_days, gift_days, price_cents, rmb_fen, disprice_cents, disrmb_fen,
  type, bargain, menber_count, tags, gift_item`;

export async function listCategories(db: Queryable): Promise<CategoryRow[]> {
  return db.query<CategoryRow>(
    'SELECT id, name, style_type, vip_level, vip_type_name, grant_category_id FROM vip_categories ORDER BY sort, id',
  );
}

export async function listPackages(db: Queryable): Promise<PackageRow[]> {
  return db.query<PackageRow>(`SELECT ${PACKAGE_COLUMNS} FROM vip_packages WHERE on_sale ORDER BY sort, id`);
}

export async function findPackage(db: Queryable, id: number): Promise<PackageRow | undefined> {
  const rows = await db.query<PackageRow>(`SELECT ${PACKAGE_COLUMNS} FROM vip_packages WHERE id = $1 AND on_sale`, [id]);
  return rows[0];
}

export async function listPromotions(db: Queryable): Promise<Map<number, PromotionView[]>> {
  const rows = await db.query<{ package_id: number; promotion_code: string; title: string }>(
    'SELECT package_id, promotion_code, title FROM vip_promotions ORDER BY package_id, promotion_code',
  );
  const byPackage = new Map<number, PromotionView[]>();
  for (const row of rows) {
    const list = byPackage.get(row.package_id) ?? [];
    list.push({ promotionCode: row.promotion_code, title: row.title });
    byPackage.set(row.package_id, list);
  }
  return byPackage;
}

export async function promotionsOf(db: Queryable, packageId: number): Promise<PromotionView[]> {
  return (await listPromotions(db)).get(packageId) ?? [];
}

/** Pay types of every category for a region (the region's own rows plus those for every region). */
export async function listPayTypes(db: Queryable, region: string): Promise<Map<number, PayTypeView[]>> {
  const rows = await db.query<{ category_id: number; pay_type: number; title: string; img: string }>(
    `SELECT category_id, pay_type, title, img FROM vip_pay_types
     WHERE region IS NULL OR region = $1 ORDER BY category_id, sort, id`,
    [region],
  );
  const byCategory = new Map<number, PayTypeView[]>();
  for (const row of rows) {
    const list = byCategory.get(row.category_id) ?? [];
    if (!list.some((item) => item.payType === row.pay_type)) list.push({ payType: row.pay_type, title: row.title, img: row.img });
    byCategory.set(row.category_id, list);
  }
  return byCategory;
}

export async function isPayTypeOffered(db: Queryable, categoryId: number, payType: number, region: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM vip_pay_types WHERE category_id = $1 AND pay_type = $2 AND (region IS NULL OR region = $3) LIMIT 1',
    [categoryId, payType, region],
  );
  return rows.length > 0;
}

/** The closed-sale message of the first closed region among `regions`, or undefined when sale is open. */
export async function saleClosedMessage(db: Queryable, regions: readonly string[]): Promise<string | undefined> {
  const rows = await db.query<{ message: string }>(
    'SELECT message FROM vip_sale_closed_regions WHERE region = ANY($1::text[]) ORDER BY region LIMIT 1',
    [regions],
  );
  return rows[0]?.message;
}

/** The customer-service user of a region (one for every region when none is set for it), or undefined. */
export async function findCustomerService(db: Queryable, region: string): Promise<{ id: number; nickName: string; avatar: string } | undefined> {
  const rows = await db.query<{ id: number; nick_name: string; avatar: string }>(
    `SELECT u.id, u.nick_name, u.avatar FROM vip_customer_service s JOIN users u ON u.id = s.user_id
     WHERE s.region IS NULL OR s.region = $1 ORDER BY (s.region IS NULL), s.user_id LIMIT 1`,
    [region],
  );
  const row = rows[0];
  return row === undefined ? undefined : { id: row.id, nickName: row.nick_name, avatar: row.avatar };
}
