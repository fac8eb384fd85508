import { chromium } from 'playwright-core';
const [,, url, out, w = '390', h = '844', full = ''] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
const page = await browser.newPage({ viewport: { width: +w, height: +h } });
await page.goto(url);
await page.waitForSelector('body.ready', { timeout: 20000 }).catch(() => {});
await page.waitForTimeout(1200);
if (process.env.CLICK) for (const sel of process.env.CLICK.split('|')) { await page.click(sel); await page.waitForTimeout(500); }
if (process.env.SCROLL) await page.mouse.wheel(0, +process.env.SCROLL), await page.waitForTimeout(400);
await page.screenshot({ path: out, fullPage: !!full });
if (process.env.EVAL) console.log(await page.evaluate(process.env.EVAL));
await browser.close();
