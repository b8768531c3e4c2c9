import { UploadConstants } from '../../src/core/upload/upload-protocol.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { MAX_ROW_ID } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { countLabels } from './posts-repository.ts';


const labelInvalid = () => new ApiError(Ret.LabelInvalid, RetMessage.LabelInvalid);

/**
 * Label ids as a post keeps them: whole numbers of existing labels, at most UploadConstants.maxLabels, duplicates
 * dropped, order kept. 8101 otherwise.
 */
export async function checkLabels(db: Queryable, ids: readonly unknown[]): Promise<number[]> {
  const unique: number[] = [];
  for (const id of ids) {
    const value = typeof id === 'string' && /^\d{1,10}$/.test(id.trim()) ? Number(id.trim()) : id;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_ROW_ID) throw labelInvalid();
    if (!unique.includes(value)) unique.push(value);
  }
  if (unique.length > UploadConstants.maxLabels) throw labelInvalid();
  if (unique.length === 0) return [];
  if ((await countLabels(db, unique)) !== unique.length) throw labelInvalid();
  return unique;
}
