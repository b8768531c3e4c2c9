import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import type { UploadFiles } from '../upload/upload-files.ts';
import { deleteUpload, postOwner } from './posts-repository.ts';

/** Deletes the caller's post with its video and cover (the quota they held is free again): 8103 unknown, 8104 another's. */
export async function deletePost(db: Queryable, files: UploadFiles, userId: number, postId: number): Promise<void> {
  const owner = await postOwner(db, postId);
  if (owner === undefined) throw new ApiError(Ret.PostNotFound, RetMessage.PostNotFound);
  if (owner.userId !== userId) throw new ApiError(Ret.PostNotOwned, RetMessage.PostNotOwned);
  await deleteUpload(db, owner.uploadId);
  await files.removeAll(owner.uniqueFileName).catch(() => undefined);
}
