import { UploadConstants } from '../../src/core/upload/upload-protocol.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';

/**
 * The fields a post is made with, as the upload protocol limits them (UploadConstants): its description (SaveVideo's
 * Contxt, CreateTrends' contxt), and SaveVideo's categories and label ids. Whether the labels exist is the posts
 * feature's to say (posts/post-rules.ts).
 */

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
