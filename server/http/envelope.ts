import type { FastifyReply } from 'fastify';
import { Ret, RetMessage } from './ret.ts';

/** The shape of every /api answer. */
export interface ApiEnvelope<T = unknown> {
  ret: number;
  msg: string;
  data: T;
}

/** The client replaces longer messages with 加载失败, so never send one. */
export const MAX_MESSAGE_LENGTH = 30;

export function envelope<T>(ret: number, msg: string, data: T): ApiEnvelope<T> {
  const chars = [...msg];
  const safeMsg = chars.length > MAX_MESSAGE_LENGTH ? chars.slice(0, MAX_MESSAGE_LENGTH).join('') : msg;
  return { ret, msg: safeMsg, data };
}

/** A successful answer with its own message (handlers may also just return the data). */
export class ApiOk<T = unknown> {
  constructor(
    readonly data: T,
    readonly msg: string = RetMessage.Ok,
  ) {}
}

export function ok<T>(data: T, msg?: string): ApiOk<T> {
  return new ApiOk(data, msg);
}

export function okEnvelope(result: unknown): ApiEnvelope {
  if (result instanceof ApiOk) return envelope(Ret.Ok, result.msg, result.data ?? null);
  return envelope(Ret.Ok, RetMessage.Ok, result ?? null);
}

/** A failure sent by a route that answers outside the API router (files, media): the status, never cached, and the usual envelope. */
export function sendFailure(reply: FastifyReply, status: number, ret: number, msg: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send(envelope(ret, msg, null));
}
