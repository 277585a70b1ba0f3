import { z } from 'zod';

/** SPEC 7: body of POST /api/log/error, sent on any uncaught front-end error. */
export const errorLogSchema = z.object({
  message: z.string().min(1).max(2_000),
  stack: z.string().max(20_000).optional(),
  info: z.string().max(2_000).optional(),
  path: z.string().min(1).max(2_048),
  timestamp: z.iso.datetime({ offset: true }),
});
export type ErrorLog = z.infer<typeof errorLogSchema>;

/** The running build, polled by the client to offer a reload after a deploy. */
export const buildInfoSchema = z.object({ id: z.string(), timestamp: z.number() });
export type BuildInfo = z.infer<typeof buildInfoSchema>;
