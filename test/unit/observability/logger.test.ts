import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestLogger } from '../../../shared/observability/logger.ts';

/** Every JSON line the logger printed while `work` ran. */
function printed(work: () => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  };
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    work();
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
  return lines
    .join('')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => vi.restoreAllMocks());

describe('the API logger', () => {
  it('writes the request keys into every line, beside the keys of the call', () => {
    const logger = new RequestLogger(() => ({ serviceName: 'test', logLevel: 'INFO' }));
    logger.appendKeys({ request_id: 'r-1', resource: '/v2/x' });
    logger.appendKeys({ account_id: 'a-1' });

    const [line] = printed(() => logger.info('served', { status: 200 }));

    expect(line).toMatchObject({
      message: 'served',
      request_id: 'r-1',
      resource: '/v2/x',
      account_id: 'a-1',
      status: 200,
    });
  });

  it('forgets the keys of the previous request on reset, and a removed key at once', () => {
    const logger = new RequestLogger(() => ({ serviceName: 'test', logLevel: 'INFO' }));
    logger.appendKeys({ request_id: 'r-1', account_id: 'a-1' });
    logger.removeKeys(['account_id']);
    const [before] = printed(() => logger.info('first'));
    logger.resetKeys();
    const [after] = printed(() => logger.info('second'));

    expect(before).toMatchObject({ request_id: 'r-1' });
    expect(before).not.toHaveProperty('account_id');
    expect(after).not.toHaveProperty('request_id');
  });

  it('prints nothing below its level, and follows a new level at once', () => {
    const logger = new RequestLogger(() => ({ serviceName: 'test', logLevel: 'WARN' }));

    const quiet = printed(() => logger.info('hidden'));
    logger.setLogLevel('DEBUG');
    const loud = printed(() => logger.debug('shown'));

    expect(quiet).toEqual([]);
    expect(loud).toEqual([expect.objectContaining({ message: 'shown', level: 'DEBUG' })]);
  });

  it('keeps an error passed as extra input as the error of the line', () => {
    const logger = new RequestLogger(() => ({ serviceName: 'test', logLevel: 'INFO' }));
    logger.appendKeys({ request_id: 'r-2' });

    const [line] = printed(() => logger.error('failed', new Error('boom')));

    expect(line).toMatchObject({ request_id: 'r-2', error: expect.objectContaining({ message: 'boom' }) });
  });

  it("builds Powertools' Logger with the first line written, not with a request that logs nothing", () => {
    const options = vi.fn(() => ({ serviceName: 'test', logLevel: 'INFO' as const }));
    const logger = new RequestLogger(options);
    logger.appendKeys({ request_id: 'r-3' });
    logger.resetKeys();
    logger.appendKeys({ request_id: 'r-4' });

    expect(options).not.toHaveBeenCalled();

    const lines = printed(() => {
      logger.info('first');
      logger.warn('second');
    });

    expect(options).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({ message: 'first', request_id: 'r-4' }),
      expect.objectContaining({ message: 'second', request_id: 'r-4' }),
    ]);
  });
});
