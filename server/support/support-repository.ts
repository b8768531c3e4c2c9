import type { Queryable } from '../db/database.ts';

export interface PlayFeedbackRow {
  uid: number | null;
  deviceId: string;
  ip: string;
  gid: string;
  name: string;
  videoTitle: string;
  setName: string;
  browser: string;
  question: string;
  description: string;
  fromApp: string;
  at: Date;
}

export async function insertPlayFeedback(db: Queryable, row: PlayFeedbackRow): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO play_feedback (uid, device_id, ip, gid, name, video_title, set_name, browser, question, description, from_app, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [row.uid, row.deviceId, row.ip, row.gid, row.name, row.videoTitle, row.setName, row.browser, row.question, row.description, row.fromApp, row.at],
  );
  return rows[0]!.id;
}

export interface SuggestionRow {
  uid: number | null;
  deviceId: string;
  ip: string;
  content: string;
  contact: string;
  at: Date;
}

export async function insertSuggestion(db: Queryable, row: SuggestionRow): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO suggestions (uid, device_id, ip, content, contact, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [row.uid, row.deviceId, row.ip, row.content, row.contact, row.at],
  );
  return rows[0]!.id;
}

export interface AppRelease {
  platform: string;
  version: string;
  url: string;
  memo: string;
}

export async function appReleases(db: Queryable): Promise<AppRelease[]> {
  return db.query<AppRelease>('SELECT platform, version, url, memo FROM app_releases ORDER BY platform');
}
