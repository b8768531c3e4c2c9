import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { MessageInserts } from '../../server/messaging/message-inserts.ts';
import { MessageType } from '../../server/messaging/message-repository.ts';
import type { NewMessage } from '../../server/messaging/message-repository.ts';
import { uniqueName, withStatementLog } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const server = useServerFixture({ app: false });
let statements: string[];
let counted: Database & { statements: string[] };
let users: number[];

beforeAll(async () => {
  counted = withStatementLog(server.db);
  statements = counted.statements;
  const rows = await server.db.query<{ id: number }>(
    `INSERT INTO users (user_name, password_hash, nick_name) SELECT $1 || n, 'x', 'n' || n FROM generate_series(1, 4) AS n RETURNING id`,
    [uniqueName('ins')],
  );
  users = rows.map((row) => row.id);
});

const sender = { avatar: '/a.svg', nickname: '甲', kefu: false };
const message = (fromIndex: number, toIndex: number, content: string, clientId: string | null): NewMessage => ({
  fromUid: users[fromIndex] ?? 0, toUid: users[toIndex] ?? 0, type: MessageType.Text, content, clientId, createdAt: new Date(Date.UTC(2030, 0, 1)),
});

describe('MessageInserts', () => {
  it('writes the sends of one turn of the event loop with one statement, ids in arrival order', async () => {
    const inserts = new MessageInserts(counted);
    statements.length = 0;
    const tag = uniqueName('t');
    const outcomes = await Promise.all([0, 1, 2, 3, 4].map((n) => inserts.insert(message(n % 2, 2, `m${n}`, `${tag}-${n}`), sender)));
    expect(statements).toHaveLength(1);
    expect(outcomes.every((outcome) => outcome?.created === true)).toBe(true);
    const ids = outcomes.map((outcome) => outcome?.message.id ?? 0);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(outcomes[3]?.message).toMatchObject({ fromUid: users[1], toUid: users[2], content: 'm3', clientId: `${tag}-3`, ...sender });
    const stored = await server.db.query<{ id: number; content: string }>('SELECT id, content FROM private_messages WHERE id = ANY($1::bigint[]) ORDER BY id', [ids]);
    expect(stored.map((row) => row.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it('stores a clientId once: a repetition in the same group or a later retry answers the stored message', async () => {
    const inserts = new MessageInserts(counted);
    const tag = uniqueName('dup');
    const [first, second, other] = await Promise.all([
      inserts.insert(message(0, 1, 'once', tag), sender),
      inserts.insert(message(0, 1, 'once', tag), sender),
      inserts.insert(message(1, 0, 'same id, other sender', tag), sender),
    ]);
    expect(first?.created).toBe(true);
    expect(second).toMatchObject({ created: false, message: { id: first?.message.id, content: 'once' } });
    expect(other?.created).toBe(true);
    const retry = await inserts.insert(message(0, 1, 'once', tag), sender);
    expect(retry).toMatchObject({ created: false, message: { id: first?.message.id } });
    const count = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM private_messages WHERE client_id = $1', [tag]);
    expect(count[0]?.n).toBe(2);
  });

  it('gives each send its own outcome when one row fails the group (a recipient that does not exist)', async () => {
    const inserts = new MessageInserts(counted);
    const tag = uniqueName('fk');
    const [good, missing, alsoGood] = await Promise.all([
      inserts.insert(message(0, 1, 'ok 1', `${tag}-1`), sender),
      inserts.insert({ ...message(0, 1, 'nobody', `${tag}-2`), toUid: 999_999_999 }, sender),
      inserts.insert(message(1, 0, 'ok 2', `${tag}-3`), sender),
    ]);
    expect(good?.created).toBe(true);
    expect(missing).toBeUndefined();
    expect(alsoGood?.created).toBe(true);
  });

  it('writes a send without a clientId alone, at once', async () => {
    const inserts = new MessageInserts(counted);
    const outcome = await inserts.insert(message(2, 3, 'no id', null), sender);
    expect(outcome).toMatchObject({ created: true, message: { content: 'no id', clientId: null, fromUid: users[2] } });
  });

  it('with every write slot taken, groups the sends that arrive meanwhile into the next statement', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: string[] = [];
    const slow: Database = { ...counted, query: async (sql, params) => {
      seen.push(sql);
      if (seen.length === 1) await gate;
      return server.db.query(sql, params);
    } };
    const inserts = new MessageInserts(slow, 200, 1);
    const tag = uniqueName('slot');
    const first = inserts.insert(message(0, 1, 'first', `${tag}-0`), sender);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toHaveLength(1);
    const later = [1, 2, 3].map((n) => inserts.insert(message(1, 0, `later ${n}`, `${tag}-${n}`), sender));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toHaveLength(1);
    release();
    const outcomes = await Promise.all([first, ...later]);
    expect(outcomes.every((outcome) => outcome?.created === true)).toBe(true);
    expect(seen).toHaveLength(2);
  });

  it('groups the sends that arrive while a write runs, at most maxBatch a statement', async () => {
    const inserts = new MessageInserts(counted, 2);
    statements.length = 0;
    const tag = uniqueName('max');
    const outcomes = await Promise.all([0, 1, 2, 3, 4].map((n) => inserts.insert(message(0, 1, `b${n}`, `${tag}-${n}`), sender)));
    expect(outcomes.every((outcome) => outcome?.created === true)).toBe(true);
    expect(statements).toHaveLength(3);
  });
});
