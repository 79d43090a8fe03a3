/**
 * Screenshots the browser tests take. `npm run docs:screenshots` sets SCREENSHOT_DIR to docs/images
 * (what the READMEs show); otherwise they go to a temporary folder, to look at after a failure.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Locator, Page } from 'playwright-core';

export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR
  ? path.resolve(process.env.SCREENSHOT_DIR)
  : path.join(os.tmpdir(), 'commerce-service-browser-screenshots');

/** Where a failing step leaves a picture of the page: never in the docs. */
export const FAILURE_DIR = path.join(os.tmpdir(), 'commerce-service-browser-failures');

type Box = { x: number; y: number; width: number; height: number };

/** The smallest box around all of these, with a margin, inside the viewport. */
async function around(page: Page, parts: Locator[], margin: number): Promise<Box> {
  const boxes = (await Promise.all(parts.map((part) => part.boundingBox()))).filter((box): box is Box => box !== null);
  if (boxes.length === 0) throw new Error('nothing to screenshot: none of the parts is visible');
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const x = Math.max(0, Math.min(...boxes.map((b) => b.x)) - margin);
  const y = Math.max(0, Math.min(...boxes.map((b) => b.y)) - margin);
  const right = Math.min(viewport.width, Math.max(...boxes.map((b) => b.x + b.width)) + margin);
  const bottom = Math.min(viewport.height, Math.max(...boxes.map((b) => b.y + b.height)) + margin);
  return { x, y, width: right - x, height: bottom - y };
}

/** Saves `<name>.png`: the whole page, or the area around the given parts. Returns the file. */
export async function screenshot(
  page: Page,
  name: string,
  options: { parts?: Locator[]; margin?: number; fullPage?: boolean; dir?: string; hide?: string } = {},
): Promise<string> {
  const dir = options.dir ?? SCREENSHOT_DIR;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  const clip = options.parts ? await around(page, options.parts, options.margin ?? 12) : undefined;
  // Toasts ("Node executed successfully") would cover the picture; the pointer's hover tooltips too.
  await page.mouse.move(2, Math.round((page.viewportSize()?.height ?? 800) / 2));
  await page.screenshot({
    path: file,
    animations: 'disabled',
    caret: 'hide',
    style: `.el-notification${options.hide ? `, ${options.hide}` : ''} { display: none !important; }`,
    ...(clip ? { clip } : { fullPage: options.fullPage ?? false }),
  });
  return file;
}
