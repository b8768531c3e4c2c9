import { UploadConstants } from '../../src/core/upload/upload-protocol.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError, badParam } from '../http/api-error.ts';
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

/** SaveVideo's Labels: comma-joined ids ('' or absent: none). */
export function labelIdsOfCsv(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  return text.split(',');
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A post's description: at most UploadConstants.maxDescription characters after trimming (8102); line breaks and
 * tabs are kept, other control characters refused (1002). `\r\n` becomes `\n`.
 */
export function checkDescription(value: unknown, name: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badParam(name);
  const text = value.replace(/\r\n?/g, '\n').trim();
  if (CONTROL.test(text)) throw badParam(name);
  if ([...text].length > UploadConstants.maxDescription) throw new ApiError(Ret.DescriptionTooLong, RetMessage.DescriptionTooLong);
  return text;
}

/** SaveVideo's CID: comma-joined category ids (default UploadConstants.defaultCategoryId). */
export function checkCategory(value: string | undefined): string {
  const category = (value ?? '').trim() === '' ? UploadConstants.defaultCategoryId : (value ?? '').trim();
  if (!/^\d{1,6}(?:,\d{1,6}){0,9}$/.test(category)) throw badParam('CID');
  return category;
}
