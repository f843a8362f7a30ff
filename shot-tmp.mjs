import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const shots = JSON.parse(process.argv[2]);
for (const [path, file, width, full] of shots) {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
  await page.goto('http://localhost:3400' + path, { waitUntil: 'networkidle' });
  await page.screenshot({ path: file, fullPage: !!full });
  await page.close();
}
await browser.close();
