import type { Database } from '../db/database.ts';
import { DEFAULT_ANDROID_VERSION } from '../../src/core/download/download-info.ts';

/** Idempotent: the Android release the download page offers (1.6.3), served by this server as a placeholder package. An operator's edits to the row are kept. */
export async function seedSupport(db: Database): Promise<void> {
  await db.query(`INSERT INTO app_releases (platform, version) VALUES ('android', $1) ON CONFLICT (platform) DO NOTHING`, [DEFAULT_ANDROID_VERSION]);
}
