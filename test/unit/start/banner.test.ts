import { EVENTS } from '../../../shared/src/events/catalogue';
import { bannerLines, type BannerN8n } from '../../../scripts/start/banner';

const sandbox = { url: 'http://127.0.0.1:8787', apiRoot: '/wp-json/sc/v1', apiKey: 'sk_local', profile: 'real' };
const n8n: BannerN8n = {
  version: '2.41.1',
  editorUrl: 'http://127.0.0.1:5678',
  owner: { email: 'owner@example.com', password: 'Cs123' },
  credential: 'Commerce Service sandbox',
  package: 'n8n-nodes-commerce-service@1.0.0, installed from its npm pack tarball',
  workflows: ['A', 'B'],
  active: ['A'],
  data: '/home/n8n (kept between runs; delete it to start over)',
  mode: 'single',
  where: ['n8n  http://127.0.0.1:5678/  everything  pid 42  (/home/n8n)'],
};

describe('npm start: the banner', () => {
  it('lists every event type of the shared catalogue, in its order', () => {
    const line = bannerLines({ sandbox, n8n }).find((l) => l.includes('(types: '));
    expect(line?.trim()).toBe(`(types: ${EVENTS.map((e) => e.key).join(' ')})`);
    expect(EVENTS.length).toBe(11);
  });

  it('with n8n: dashboard, store, login, workflows, active triggers and what runs where', () => {
    const text = bannerLines({ sandbox, n8n }).join('\n');
    expect(text).toContain(' Commerce Service: local sandbox store + n8n 2.41.1');
    expect(text).toContain(' Dashboard       http://127.0.0.1:8787/  (products');
    expect(text).toContain(
      `   Fire an event curl -s -X POST http://127.0.0.1:8787/sandbox/v1/events -H 'content-type: application/json' -d '{"type":"purchased"}'`,
    );
    expect(text).toContain(
      ' n8n editor      http://127.0.0.1:5678/\n   Login         owner@example.com\n   Password      Cs123',
    );
    expect(text).toContain('   Package       n8n-nodes-commerce-service@1.0.0, installed from its npm pack tarball');
    expect(text).toContain('   Workflows     "A", "B"');
    expect(text).toContain('   Active        "A": fire a purchase (above) and see it under Executions');
    expect(text).toContain(' What runs where\n   n8n  http://127.0.0.1:5678/  everything  pid 42  (/home/n8n)');
    expect(text).toContain(' Press Ctrl-C to stop.');
  });

  it('queue mode heads its processes as such; no active trigger is said', () => {
    const text = bannerLines({ sandbox, n8n: { ...n8n, mode: 'queue', active: [] } }).join('\n');
    expect(text).toContain(' Queue mode (what runs where)');
    expect(text).toContain('   Active        no trigger workflow on the sandbox is active');
  });

  it('without n8n: says why, and no login', () => {
    const text = bannerLines({ sandbox, n8n: { missing: 'not started (--no-n8n)' } }).join('\n');
    expect(text).toContain(' Commerce Service: local sandbox store\n');
    expect(text).toContain(' n8n             not started (--no-n8n)');
    expect(text).not.toContain('Login');
  });
});
