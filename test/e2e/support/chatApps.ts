/**
 * Stand-ins for the incoming webhooks of the three chat apps the chat examples (n8n/examples) post to,
 * on one local port. n8n reaches them through the HTTP Request's Proxy option: the workflow posts to the
 * app's own host (`hooks.slack.com`, `discord.com`, a Teams Workflows host) and the request arrives
 * here, the host in its URL, so the example's body is chosen by the host as it is for a user. Over http:
 * the real URLs are https, but the body depends on the host alone.
 *
 * Each app takes only its documented body and refuses any other as the app does:
 * - Slack (api.slack.com/messaging/webhooks): a JSON object with a non-empty `text`, else 400 `no_text`;
 * - Discord (Execute Webhook): a JSON object with a non-empty `content` of at most 2000 characters, else
 *   400 `{"message": "Cannot send an empty message", "code": 50006}`;
 * - Microsoft Teams (a Workflows "Post to a channel when a webhook request is received" URL): a
 *   `message` whose one attachment is an Adaptive Card with TextBlocks; refused here with a 400 naming
 *   what is missing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAT_URLS as APP_URLS, type ChatApp } from '../../../scripts/release/chatExamples';

export { readmeBody, type ChatApp } from '../../../scripts/release/chatExamples';

/** The chat apps the READMEs and docs/recipes.md name, and how each answers a body it takes. */
export const CHAT_APPS = {
  slack: { name: 'Slack', accepted: 200 },
  discord: { name: 'Discord', accepted: 204 },
  teams: { name: 'Microsoft Teams', accepted: 202 },
} as const satisfies Record<ChatApp, { name: string; accepted: number }>;
export const CHAT_APP_KEYS = Object.keys(CHAT_APPS) as ChatApp[];

/** Each app's incoming-webhook URLs (scripts/release/chatExamples.ts), over http (see above). */
const overHttp = (urls: readonly string[]): string[] => urls.map((url) => url.replace(/^https:/, 'http:'));
export const CHAT_URLS: Readonly<Record<ChatApp, readonly string[]>> = {
  slack: overHttp(APP_URLS.slack),
  discord: overHttp(APP_URLS.discord),
  teams: overHttp(APP_URLS.teams),
};

/** Which app a host belongs to, as the apps hand out their URLs. */
function appOf(host: string): ChatApp | null {
  if (host === 'hooks.slack.com') return 'slack';
  if (/(^|\.)discord(app)?\.com$/.test(host)) return 'discord';
  if (/\.(logic\.azure|powerplatform)\.com$/.test(host)) return 'teams';
  return null;
}

interface ChatPost {
  app: ChatApp | 'unknown';
  /** The URL the workflow posted to, as n8n asked the proxy for it. */
  url: string;
  contentType: string;
  body: unknown;
  /** The app's answer. */
  status: number;
  /** Why the app refused this body, or null when it took it. */
  problem: string | null;
  /** The message's text, as the app would show it. */
  text: string | null;
}

interface Reading {
  problem: string | null;
  text: string | null;
  /** The refusal's body, as the app answers it. */
  answer?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function slackMessage(body: unknown): Reading {
  if (!isObject(body) || typeof body.text !== 'string' || body.text.trim() === '')
    return { problem: 'Slack wants a non-empty "text"', text: null, answer: 'no_text' };
  return { problem: null, text: body.text };
}

function discordMessage(body: unknown): Reading {
  const empty = JSON.stringify({ message: 'Cannot send an empty message', code: 50006 });
  if (!isObject(body) || typeof body.content !== 'string' || body.content.trim() === '')
    return {
      problem: 'Discord wants a non-empty "content" (50006: Cannot send an empty message)',
      text: null,
      answer: empty,
    };
  if (body.content.length > 2000)
    return {
      problem: 'Discord takes at most 2000 characters of content',
      text: null,
      answer: JSON.stringify({ message: 'Invalid Form Body', code: 50035 }),
    };
  return { problem: null, text: body.content };
}

function teamsMessage(body: unknown): Reading {
  const refuse = (problem: string): Reading => ({ problem: `Teams ${problem}`, text: null });
  if (!isObject(body)) return refuse('wants a JSON object');
  if (body.type !== 'message') return refuse('wants "type": "message"');
  const attachments = body.attachments;
  if (!Array.isArray(attachments) || attachments.length !== 1)
    return refuse('wants "attachments" with one Adaptive Card');
  const [attachment] = attachments as unknown[];
  if (!isObject(attachment) || attachment.contentType !== 'application/vnd.microsoft.card.adaptive')
    return refuse('wants the attachment\'s "contentType": "application/vnd.microsoft.card.adaptive"');
  const card = attachment.content;
  if (!isObject(card) || card.type !== 'AdaptiveCard') return refuse('wants "content" to be an AdaptiveCard');
  if (typeof card.version !== 'string' || !/^1\.[0-6]$/.test(card.version))
    return refuse('wants the card\'s "version" as a string, "1.0" to "1.6"');
  const blocks = Array.isArray(card.body) ? (card.body as unknown[]) : [];
  const texts = blocks.filter(isObject).filter((block) => block.type === 'TextBlock');
  if (texts.length === 0 || texts.length !== blocks.length) return refuse('wants a card "body" of TextBlocks');
  if (!texts.every((block) => typeof block.text === 'string' && block.text.trim() !== ''))
    return refuse('wants each TextBlock\'s "text" to be a non-empty string');
  return { problem: null, text: texts.map((block) => String(block.text)).join('\n') };
}

const READERS: Record<ChatApp, (body: unknown) => Reading> = {
  slack: slackMessage,
  discord: discordMessage,
  teams: teamsMessage,
};

/** The stand-in webhooks: each keeps what was posted to it, in order, and answers as its app does. */
export class ChatApps {
  readonly posts: ChatPost[] = [];
  private waiters: Array<() => void> = [];
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const contentType = String(req.headers['content-type'] ?? '');
      // Through a proxy the request line holds the whole URL; sent straight here, only the path.
      const url = new URL(String(req.url), `http://${String(req.headers.host)}`);
      const app = appOf(url.hostname) ?? 'unknown';
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // not JSON: kept as text, and every app refuses it
      }
      const read: Reading =
        app === 'unknown'
          ? { problem: `no chat app at ${url.hostname}`, text: null }
          : req.method !== 'POST'
            ? { problem: `${CHAT_APPS[app].name} takes POST, not ${String(req.method)}`, text: null }
            : !contentType.includes('application/json')
              ? {
                  problem: `${CHAT_APPS[app].name} wants Content-Type application/json, not "${contentType}"`,
                  text: null,
                }
              : READERS[app](body);
      const status =
        read.problem === null && app !== 'unknown' ? CHAT_APPS[app].accepted : app === 'unknown' ? 502 : 400;
      this.posts.push({ app, url: url.href, contentType, body, status, problem: read.problem, text: read.text });
      const answer = read.problem === null ? (app === 'slack' ? 'ok' : '') : (read.answer ?? read.problem);
      res
        .writeHead(status, { 'content-type': answer.startsWith('{') ? 'application/json' : 'text/plain' })
        .end(answer === '' ? undefined : answer);
      for (const wake of this.waiters.splice(0)) wake();
    });
  });
  private base = '';

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** What the HTTP Request's Proxy option takes to reach the stand-ins. */
  get proxy(): string {
    return this.base;
  }

  /** The posts from index `from` on, once there are `count` of them. */
  async next(from: number, count = 1, timeoutMs = 60_000): Promise<ChatPost[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.posts.length < from + count) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `the chat webhooks received ${this.posts.length - from} of ${count} messages in ${timeoutMs} ms`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.posts.slice(from);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Where an example posts until the user pastes a URL: its HTTP Request nodes at `placeholder`. */
interface ChatNode {
  parameters?: Record<string, unknown>;
}

/**
 * A chat example as the user makes it theirs: `url` pasted in place of the placeholder, nothing else
 * changed but the Proxy option, which takes the post to the stand-ins. Throws unless the example has
 * exactly one node posting to the placeholder.
 */
export function pasteChatUrl<W extends { name: string; nodes: ChatNode[] }>(
  workflow: W,
  placeholder: string,
  url: string,
  apps: ChatApps,
): W {
  const copy = JSON.parse(JSON.stringify(workflow)) as W;
  const chat = copy.nodes.filter((node) => node.parameters?.url === placeholder);
  if (chat.length !== 1)
    throw new Error(`example "${workflow.name}" has ${chat.length} nodes posting to ${placeholder}, not 1`);
  const parameters = chat[0]?.parameters ?? {};
  parameters.url = url;
  parameters.options = { ...(parameters.options as Record<string, unknown> | undefined), proxy: apps.proxy };
  return copy;
}
