import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { labReportPng } from '../../../test/evidence-files.js';
import { ocrImage, terminateOcr } from './ocr.js';
import { UnreadableDocumentError } from './unreadable-document-error.js';

afterAll(terminateOcr);

// OCR takes seconds a page, more on a busy machine running other test files in parallel.
describe('ocrImage', { timeout: 60_000 }, () => {
  it('reads in a worker thread, leaving the event loop free', async () => {
    const png = await labReportPng();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const { text, words } = await ocrImage(png);
    const seconds = (performance.now() - started) / 1000;
    delay.disable();
    expect(text).toContain('Hemoglobina');
    const hemoglobin = words.find((word) => word.text === 'Hemoglobina')!;
    expect(text.slice(hemoglobin.start, hemoglobin.start + hemoglobin.text.length)).toBe('Hemoglobina');
    expect(hemoglobin.confidence).toBeGreaterThan(60);
    expect(hemoglobin.box.x1).toBeGreaterThan(hemoglobin.box.x0);
    // Recognition takes seconds; on the event loop it would stall it for as long.
    expect(delay.max / 1e6).toBeLessThan((seconds * 1000) / 3);
  });

  it('gives up on a page past its timeout, and the next page still gets read', async () => {
    const png = await labReportPng();
    const slow = ocrImage(png, { timeoutMs: 50 });
    const next = ocrImage(png);
    await expect(slow).rejects.toThrow(UnreadableDocumentError);
    expect((await next).text).toContain('13,5');
  });

  it('does not start a page whose request was already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(ocrImage(await labReportPng(), { signal: controller.signal })).rejects.toThrow(/abort/i);
  });
});
