import { createHash } from 'node:crypto';

/** The digest of a screen's ticket secret: what the ticket's row keeps, and what names its sockets' room. */
export const watchHashOf = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** The room of the sockets following a ticket: named by the digest of the screen's secret, so only its holder joins. */
export const qrLoginRoom = (watchHash: string): string => `qr:${watchHash}`;
