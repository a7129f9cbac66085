import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';

/**
 * Draws SVGs into WebP (or PNG) pictures with Debian's chromium (its canvas encoder), for the
 * generators of the shop's flags, demo pictures and favicon. Why rasters at all: each SVG picture a page shows
 * is a document of its own, built and painted on the main thread (25–60 ms apiece at a phone's
 * CPU in a cold browser), while a WebP is decoded off it.
 */
export async function withSvgRasterizer<T>(work: (toPicture: (svg: Buffer, width: number, height: number, quality: number, type?: 'image/webp' | 'image/png') => Promise<Buffer>) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--headless=new'] });
  try {
    const page = await browser.newPage();
    return await work((svg, width, height, quality, type = 'image/webp') => svgToPicture(page, svg, width, height, quality, type));
  } finally {
    await browser.close();
  }
}

async function svgToPicture(page: Page, svg: Buffer, width: number, height: number, quality: number, type: string): Promise<Buffer> {
  const dataUrl: string = await page.evaluate(
    async ({ source, width, height, quality, type }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')!.drawImage(image, 0, 0, width, height);
      return canvas.toDataURL(type, quality);
    },
    { source: `data:image/svg+xml;base64,${svg.toString('base64')}`, width, height, quality, type },
  );
  if (!dataUrl.startsWith(`data:${type}`)) throw new Error(`chromium wrote no ${type}`);
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
