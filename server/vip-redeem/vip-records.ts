import type { Queryable } from '../db/database.ts';
import { formatDate } from '../clock.ts';
import { ALIPAY_STYLE, PRICE_SYMBOL, toAmount } from '../vip/vip-catalogue.ts';
import { OrderStatus } from '../../src/core/vip/vip-protocol.ts';
import { VipRecordState, type VipRecord, type VipRecordPage } from '../../src/core/vip-redeem/vip-redeem-protocol.ts';
import { countRecords, recordRows, type RecordRow } from './vip-record-repository.ts';

/** The currency the alipay-style pay types charge in (they are charged the rmb amount). */
const RMB_SYMBOL = '¥';

/** success for what was paid or granted; pending for an unpaid order still in time; closed for the others. */
function stateOf(row: RecordRow, nowMs: number): VipRecordState {
  if (row.status === OrderStatus.Paid) return VipRecordState.Success;
  if (row.status === OrderStatus.Created && row.order_expires_at !== null && row.order_expires_at.getTime() > nowMs) return VipRecordState.Pending;
  return VipRecordState.Closed;
}

function toRecord(row: RecordRow, nowMs: number): VipRecord {
  const paid = row.pay_type !== null;
  const rmb = paid && ALIPAY_STYLE.includes(row.pay_type ?? Number.NaN);
  return {
    id: row.id,
    kind: row.kind,
    categoryName: row.category_name,
    packageName: row.package_name,
    days: row.days,
    payType: row.pay_type,
    amount: !paid ? 0 : toAmount(rmb ? row.amount_rmb_fen : row.amount_cents),
    currencySymbol: rmb ? RMB_SYMBOL : PRICE_SYMBOL,
    state: stateOf(row, nowMs),
    vipExpireDate: row.expire_after === null ? '' : formatDate(row.expire_after),
    counterpart: row.other_uid === null ? null : { uid: row.other_uid, nickName: row.other_nick ?? '' },
    codeHint: row.code_hint,
    time: row.at.getTime(),
  };
}

/** One page of the user's VIP records, newest first (only their own: every source is filtered by the user). */
export async function vipRecords(db: Queryable, userId: number, page: number, pageSize: number, nowMs: number): Promise<VipRecordPage> {
  const rows = await recordRows(db, userId, pageSize, (page - 1) * pageSize);
  const total = rows[0] === undefined ? await countRecords(db, userId) : Number(rows[0].total);
  return { list: rows.map((row) => toRecord(row, nowMs)), page, pageSize, total };
}
