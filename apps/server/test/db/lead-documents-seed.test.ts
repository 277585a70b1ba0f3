import { createHash } from 'node:crypto';
import { DOCUMENT_KINDS } from '@backoffice/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, leadDocuments, leadEvents } from '../../src/db/schema';
import { fileTypeOf } from '../../src/lib/uploaded-file';
import { createTestApp, type TestApp } from '../helpers/app';

/** The demo documents: the open audit cases carry each kind of evidence, real files, on their timeline. */
describe('lead documents seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seedLeads: 200 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['arg', 'col'] as const)('gives %s open audit cases every kind of document, checked by content and checksum', async (country) => {
    const open = await t.app.db
      .select({ leadId: audits.leadId })
      .from(audits)
      .where(and(eq(audits.country, country), isNull(audits.decidedAt)));
    expect(open.length).toBeGreaterThan(0);
    const docs = await t.app.db.select().from(leadDocuments).where(eq(leadDocuments.country, country));
    const withDocs = new Set(docs.map((d) => d.leadId));
    expect([...withDocs].every((id) => open.some((o) => o.leadId === id))).toBe(true);
    expect(withDocs.size).toBe(Math.min(open.length, 40));
    for (const leadId of withDocs) {
      expect(
        docs
          .filter((d) => d.leadId === leadId)
          .map((d) => d.kind)
          .sort(),
      ).toEqual([...DOCUMENT_KINDS].sort());
    }
    for (const d of docs) {
      expect(fileTypeOf(d.content)).toBe(d.contentType);
      expect(d.sha256).toBe(createHash('sha256').update(d.content).digest('hex'));
      expect(d.size).toBe(d.content.length);
    }
    const events = await t.app.db
      .select({ leadId: leadEvents.leadId })
      .from(leadEvents)
      .where(and(eq(leadEvents.type, 'document'), inArray(leadEvents.leadId, [...withDocs])));
    expect(events.length).toBe(docs.length);
  });
});
