/**
 * One full collection when the server falls quiet after a burst of renders
 * (src/server/http/quiet-collect.ts), told by the answer cache of each render; on a fake clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareResponse } from '../../src/server/http/prepared-response.ts';
import { QUIET_MS, RENDERS_WORTH_COLLECTING, quietCollector } from '../../src/server/http/quiet-collect.ts';
import { ResponseCache } from '../../src/server/http/response-cache.ts';

describe('collecting when the server falls quiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('collects once, when nothing has been rendered for a while after enough renders', () => {
    const collect = vi.fn();
    const collector = quietCollector(collect);
    for (let render = 1; render <= RENDERS_WORTH_COLLECTING; render += 1) collector.rendered();
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(collect).not.toHaveBeenCalled();
    // A render before the quiet moment postpones it.
    collector.rendered();
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(QUIET_MS * 10);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('does not collect after a few renders, and counts again from the last collection', () => {
    const collect = vi.fn();
    const collector = quietCollector(collect);
    for (let render = 1; render < RENDERS_WORTH_COLLECTING; render += 1) collector.rendered();
    vi.advanceTimersByTime(QUIET_MS * 10);
    expect(collect).not.toHaveBeenCalled();
    collector.rendered();
    vi.advanceTimersByTime(QUIET_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    for (let render = 1; render < RENDERS_WORTH_COLLECTING; render += 1) collector.rendered();
    vi.advanceTimersByTime(QUIET_MS * 10);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('does nothing where gc is not exposed', () => {
    const collector = quietCollector(undefined);
    for (let render = 0; render < RENDERS_WORTH_COLLECTING * 2; render += 1) collector.rendered();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the answer cache tells it of every render, kept or not, and not of an answer it already keeps', async () => {
    const rendered = vi.fn();
    const cache = new ResponseCache({ maxEntries: 10, maxBytes: 1 << 20 }, { rendered });
    const answer = () => Promise.resolve(prepareResponse(200, { 'content-type': 'text/html' }, Buffer.from('<p>')));
    const version = { version: '1' };
    await cache.through('/a', version, answer, () => true);
    await cache.through('/a', version, answer, () => true);
    await cache.through('/b', version, answer, () => false);
    expect(rendered).toHaveBeenCalledTimes(2);
  });
});
