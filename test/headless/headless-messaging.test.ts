import { describe, expect, it } from 'vitest';
import { main } from '../../examples/headless-messaging.ts';

describe('the README headless messaging example', () => {
  it('connects with version 1.0.3, shows one tip with a tone for a message delivered twice, and acknowledges', async () => {
    const lines: string[] = [];
    await main((line) => lines.push(line));
    expect(lines).toEqual([
      'socket asked to connect: true',
      'connection event sent, version 1.0.3',
      'tip shown: true, unread: 1, tones: 1',
      'acknowledged: [{"ids":[7]},{"ids":[7]}]',
    ]);
  });
});
