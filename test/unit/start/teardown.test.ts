import { StoppedError, Teardown } from '../../../scripts/start/teardown';

describe('npm start: stopping what a run started', () => {
  it('stops the parts newest first, once, and says what stopped', async () => {
    const said: string[] = [];
    const order: string[] = [];
    const teardown = new Teardown((line) => said.push(line));
    teardown.add(async () => void order.push('sandbox'), 'Sandbox stopped.');
    teardown.add(async () => void order.push('n8n'), 'n8n stopped.');
    expect(teardown.stopping).toBe(false);
    const first = teardown.stop('SIGINT');
    expect(teardown.stop('SIGTERM')).toBe(first);
    await first;
    expect(order).toEqual(['n8n', 'sandbox']);
    expect(said).toEqual(['\nSIGINT: stopping...', 'n8n stopped.', 'Sandbox stopped.']);
  });

  it('a part that fails to stop does not keep the others running', async () => {
    const said: string[] = [];
    const stopped: string[] = [];
    const teardown = new Teardown((line) => said.push(line));
    teardown.add(async () => void stopped.push('first'));
    teardown.add(async () => {
      throw new Error('boom');
    });
    await teardown.stop('error');
    expect(stopped).toEqual(['first']);
    expect(said).toContain('could not stop cleanly: boom');
  });

  it('a part that comes up after the stop began is stopped too, and check() throws', async () => {
    const teardown = new Teardown(() => undefined);
    await teardown.stop('SIGINT');
    expect(() => teardown.check()).toThrow(StoppedError);
    let late = false;
    teardown.add(async () => void (late = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(late).toBe(true);
  });
});
